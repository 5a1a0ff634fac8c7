// `memento mcp FILE|DIR`: a stdio MCP server on the official TypeScript SDK
// (docs/integration.md, "MCP server"). Its tools are memoryTools() (docs/integration.md) over the memory
// file, or the memory files of a folder; the resume prompt is its prompt; each memory file is
// a resource. Writes go through the CLI's lock and atomic replace (edit.cjs) and the package's
// guards (applyToolCall): a refused write is a tool result with isError, its text saying why.
// stdout is the protocol's: nothing else is written there.
"use strict";

const path = require("node:path");
const { pathToFileURL } = require("node:url");
const memento = require("../pkg/node/memento_wasm.js");
const { CliError } = require("./errors.cjs");
const { readText, memoryFiles } = require("./read.cjs");
const { editFile } = require("./edit.cjs");

const PROMPT = "resume";

const MIME = { ".md": "text/markdown", ".markdown": "text/markdown", ".txt": "text/plain", ".json": "application/json", ".jsonl": "application/jsonl" };

/** The memory files the server serves: the file, or the folder's memory files now (a file
 *  added to the folder later is served from the next request on). Each with its name as the
 *  model sees it (relative to the folder) and its resource URI. */
function servedFiles(root, folder) {
  return memoryFiles(root).map((p) => ({
    path: p,
    name: folder ? path.relative(root, p).split(path.sep).join("/") : path.basename(p),
    uri: pathToFileURL(path.resolve(p)).href,
  }));
}

/** The tool definitions in MCP's shape. Over a folder, each takes the file it works on
 *  (`file`, one of the folder's, by name); recall without one reads them all. */
function toolList(files, folder) {
  return memento.memoryTools().map((t) => {
    const inputSchema = structuredClone(t.input_schema);
    if (folder) {
      inputSchema.properties.file = { type: "string", description: "The memory file, by its name in the folder (see the resources).", enum: files.map((f) => f.name) };
      if (t.name !== "recall") inputSchema.required = [...(inputSchema.required ?? []), "file"];
    }
    return { name: t.name, description: t.description, inputSchema };
  });
}

const toolText = (text, isError = false) => ({ content: [{ type: "text", text }], isError });

/** Starts the server on stdin/stdout. Returns once it is connected. */
async function serve(root, version) {
  const { Server } = require("@modelcontextprotocol/sdk/server/index.js");
  const { StdioServerTransport } = require("@modelcontextprotocol/sdk/server/stdio.js");
  const types = require("@modelcontextprotocol/sdk/types.js");
  const folder = require("node:fs").statSync(root).isDirectory();
  if (servedFiles(root, folder).length === 0) throw new CliError(2, `${root}: no memory files (.md, .txt, .json, .jsonl)`);
  const names = new Set(memento.memoryTools().map((t) => t.name));

  const server = new Server(
    { name: "memento", version },
    {
      capabilities: { tools: {}, prompts: {}, resources: {} },
      instructions:
        "Session memory of this task. Call recall first, apply its binding decisions and start from its next action; record decisions, progress and discoveries as they happen, and set the next step before the context compacts or the session ends.",
    },
  );

  server.setRequestHandler(types.ListToolsRequestSchema, async () => ({ tools: toolList(servedFiles(root, folder), folder) }));

  server.setRequestHandler(types.CallToolRequestSchema, async ({ params }) => {
    const { name } = params;
    if (!names.has(name)) throw new types.McpError(types.ErrorCode.InvalidParams, `unknown tool ${name}`);
    const { file: wanted, ...input } = params.arguments ?? {};
    const files = servedFiles(root, folder);
    // A folder's file by name (the only one when there is one); a file server's one file.
    const only = files.length === 1 ? files[0] : undefined;
    const file = !folder ? files[0] : wanted === undefined ? only : files.find((f) => f.name === wanted);
    try {
      if (!file) {
        if (name === "recall" && wanted === undefined) {
          const budget = input.budget_tokens;
          return toolText(memento.renderPrompts(files.map((f) => ({ path: f.name, text: readText(f.path) })), { budget }));
        }
        return toolText(`Not done: ${wanted === undefined ? "name the memory file (`file`)" : `no memory file ${JSON.stringify(wanted)}`}; the files are ${files.map((f) => f.name).join(", ")}.`, true);
      }
      if (name === "recall") return toolText(memento.applyToolCall(readText(file.path), name, input).result.content);
      let result;
      editFile(file.path, (text) => {
        const r = memento.applyToolCall(text, name, input);
        result = r.result;
        return r.text;
      });
      return toolText(result.content, result.isError);
    } catch (e) {
      // The lock timed out, the file cannot be read or written, the budget is too small:
      // the model is told, nothing was written.
      if (e instanceof CliError || e instanceof memento.MementoError) return toolText(`Not done: ${memento.redact(e.message)}`, true);
      throw e;
    }
  });

  server.setRequestHandler(types.ListPromptsRequestSchema, async () => ({
    prompts: [
      {
        name: PROMPT,
        description: "Where the task stands: the next action, the binding decisions, the unit in progress, warnings, pending units and what is done, within a token budget (2000).",
        arguments: [{ name: "budget", description: "At most this many tokens (a whole number; 2000 by default).", required: false }],
      },
    ],
  }));

  server.setRequestHandler(types.GetPromptRequestSchema, async ({ params }) => {
    if (params.name !== PROMPT) throw new types.McpError(types.ErrorCode.InvalidParams, `unknown prompt ${params.name}`);
    const raw = params.arguments?.budget;
    const budget = raw === undefined ? undefined : /^\d+$/.test(raw) ? Number(raw) : NaN;
    if (Number.isNaN(budget)) throw new types.McpError(types.ErrorCode.InvalidParams, `budget must be a whole number of tokens, got ${raw}`);
    const files = servedFiles(root, folder);
    const texts = files.map((f) => ({ path: f.name, text: readText(f.path) }));
    let text;
    try {
      text = folder ? memento.renderPrompts(texts, { budget }) : memento.renderPrompt(texts[0].text, { budget, fileName: files[0].path });
    } catch (e) {
      if (e instanceof memento.MementoError) throw new types.McpError(types.ErrorCode.InvalidParams, e.message);
      throw e;
    }
    return { description: "The session memory to resume from", messages: [{ role: "user", content: { type: "text", text } }] };
  });

  server.setRequestHandler(types.ListResourcesRequestSchema, async () => ({
    resources: servedFiles(root, folder).map((f) => ({ uri: f.uri, name: f.name, mimeType: MIME[path.extname(f.path).toLowerCase()] ?? "text/plain" })),
  }));

  server.setRequestHandler(types.ReadResourceRequestSchema, async ({ params }) => {
    // Only the memory files served: a URI is looked up, never opened as given.
    const file = servedFiles(root, folder).find((f) => f.uri === params.uri);
    if (!file) throw new types.McpError(types.ErrorCode.InvalidParams, `no memory file at ${params.uri}`);
    const mimeType = MIME[path.extname(file.path).toLowerCase()] ?? "text/plain";
    // Memento's outputs never repeat a detected secret (docs/secrets.md): the file, masked.
    return { contents: [{ uri: file.uri, mimeType, text: memento.redact(readText(file.path)) }] };
  });

  await server.connect(new StdioServerTransport());
  return server;
}

module.exports = { serve };
