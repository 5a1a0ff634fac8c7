
/** A command of Anthropic's memory tool (`memory_20250818`): the `input` of its `tool_use`. */
export type MemoryToolCommand =
  | { command: "view"; path: string; view_range?: [number, number] }
  | { command: "create"; path: string; file_text: string }
  | { command: "str_replace"; path: string; old_str: string; new_str: string }
  | { command: "insert"; path: string; insert_line: number; insert_text: string }
  | { command: "delete"; path: string }
  | { command: "rename"; old_path: string; new_path: string };

export interface MemoryToolHandlerOptions {
  /** The clock of the write-time guards' checks; by default they skip the rules that need one. */
  now?: TimeInput;
}

export interface MemoryToolHandler {
  /** The real path of the folder `/memories` stands for. */
  readonly root: string;
  /** Runs one command on the folder; a refusal or a failure is `isError`, never a throw. */
  run(input: MemoryToolCommand | Record<string, unknown>): ToolResult;
}

/**
 * A backend for Anthropic's memory tool on a real folder (Node only): no path leaves `root`,
 * writes take the CLI's lock, and Memento's write-time guards apply to the memory files it
 * recognizes. Pass `result.content` and `result.isError` back as the `tool_result`.
 */
export function memoryToolHandler(root: string, options?: MemoryToolHandlerOptions): MemoryToolHandler;
