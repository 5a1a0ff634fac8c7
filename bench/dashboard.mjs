// The dashboard's load budget (bench/README.md): a 1 MB file is loaded, checked and rendered within
// 300 ms of being chosen, in headless Chromium. Serves dist/ (run `trunk build --release`
// first), drops each 1 MB input of bench/gen.py on the page and times the drop to the frame
// after its card appears, median of ROUNDS (default 5). BYTES (default 1000000) sizes the
// inputs: 10000000 for the 10 MB budget (within 2 s).
//
//   node bench/dashboard.mjs [ROUNDS] [BYTES]
import { chromium } from "playwright-core";
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { input } from "./inputs.mjs";

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const dist = path.join(repo, "dist");
const rounds = Number(process.argv[2] ?? 5);
const bytes = Number(process.argv[3] ?? 1_000_000);
const budget = bytes > 1_000_000 ? 2000 : 300;
const types = { ".html": "text/html", ".js": "text/javascript", ".wasm": "application/wasm", ".css": "text/css" };

const server = http.createServer((req, res) => {
  const name = req.url === "/" ? "index.html" : decodeURIComponent(req.url.slice(1).split("?")[0]);
  const file = path.join(dist, path.normalize(name));
  if (!file.startsWith(dist) || !fs.existsSync(file)) return res.writeHead(404).end();
  res.writeHead(200, { "content-type": types[path.extname(file)] ?? "application/octet-stream" }).end(fs.readFileSync(file));
});
await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium", headless: true, args: ["--no-sandbox", "--disable-gpu"] });
const page = await browser.newPage({ viewport: { width: 1100, height: 900 } });
await page.goto(`http://127.0.0.1:${server.address().port}/`);
await page.getByTestId("file-card").first().waitFor();

for (const kind of ["log", "notes"]) {
  const text = input(kind, bytes);
  const times = [];
  for (let round = 0; round < rounds; round++) {
    const name = `${kind}-${round}.md`;
    times.push(
      await page.getByTestId("drop-zone").evaluate(async (zone, { text, name }) => {
        const data = new DataTransfer();
        data.items.add(new File([text], name, { type: "text/markdown" }));
        performance.mark("chosen");
        for (const type of ["dragenter", "dragover", "drop"]) {
          zone.dispatchEvent(new DragEvent(type, { dataTransfer: data, bubbles: true, cancelable: true }));
        }
        await new Promise((resolve) => {
          const appeared = () => (document.querySelector(`[data-name="${name}"]`) ? resolve() : requestAnimationFrame(appeared));
          appeared();
        });
        await new Promise((resolve) => requestAnimationFrame(() => resolve()));
        return performance.measure("rendered", "chosen").duration;
      }, { text, name }),
    );
  }
  times.sort((a, b) => a - b);
  const median = times[Math.floor(times.length / 2)];
  const size = (bytes / 1e6).toFixed(2);
  console.log(`${kind} (${size} MB): dropped to rendered ${median.toFixed(0)} ms, median of ${rounds} (budget ≤ ${budget} ms: ${median <= budget ? "met" : "NOT met"})`);
}
await browser.close();
server.close();
