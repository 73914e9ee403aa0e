// Drives the dashboard in a real headless Chromium through the DevTools protocol (Node's
// WebSocket): waits for the grid, raises a hand through the learners' API while the page stays
// open, waits for the red note to appear without a reload, and saves a screenshot.
// Usage: node --experimental-websocket dashboard-check.mjs DASHBOARD_URL EVENTS_URL HAND_BATCH_JSON LEARNERS SCREENSHOT
import { spawn } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const [dashboard, eventsURL, handBatch, learners, screenshot] = process.argv.slice(2);
const profile = mkdtempSync(join(tmpdir(), "seguelab-chromium-"));
const browser = spawn("chromium", ["--headless=new", "--no-sandbox", "--disable-gpu", "--no-first-run", "--hide-scrollbars",
  "--remote-debugging-port=0", `--user-data-dir=${profile}`, "--window-size=1600,900", "about:blank"], { stdio: ["ignore", "ignore", "pipe"] });
const fail = (message) => { console.log(JSON.stringify({ error: message })); browser.kill("SIGKILL"); process.exit(1); };
setTimeout(() => fail("timed out"), 240000);

const endpoint = await new Promise((resolve) => {
  let text = "";
  browser.stderr.on("data", (chunk) => {
    text += chunk;
    const match = text.match(/DevTools listening on (ws:\/\/\S+)/);
    if (match) resolve(match[1]);
  });
});
const port = new URL(endpoint).port;
const targets = await (await fetch(`http://127.0.0.1:${port}/json/list`)).json();
const page = targets.find((t) => t.type === "page");
const socket = new WebSocket(page.webSocketDebuggerUrl);
await new Promise((resolve) => socket.addEventListener("open", resolve));
let nextID = 0;
const pending = new Map();
socket.addEventListener("message", (message) => {
  const data = JSON.parse(message.data);
  if (data.id && pending.has(data.id)) { pending.get(data.id)(data); pending.delete(data.id); }
});
const send = (method, params = {}) => new Promise((resolve) => { const id = ++nextID; pending.set(id, resolve); socket.send(JSON.stringify({ id, method, params })); });
const evaluate = async (expression) => (await send("Runtime.evaluate", { expression, returnByValue: true })).result?.result?.value;
const until = async (expression) => {
  for (let i = 0; i < 1200; i++) { const value = await evaluate(expression); if (value) return value; await new Promise((r) => setTimeout(r, 100)); }
  fail("never true: " + expression);
};

await send("Page.enable");
await send("Page.navigate", { url: dashboard });
const rows = await until(`document.querySelectorAll('#grid tr[data-learner]').length >= ${learners} && document.querySelectorAll('#grid tr[data-learner]').length`);
await until(`document.getElementById('live').textContent === 'live'`);
// A mark only this document has: a reload would lose it.
await evaluate("window.__sameDocument = true");
const handsBefore = await evaluate("document.querySelectorAll('#hands .hand').length");
const posted = await fetch(eventsURL, { method: "POST", headers: { "Content-Type": "application/json" }, body: handBatch });
if (posted.status !== 200) fail("raising the hand: " + posted.status + " " + await posted.text());
const hand = await until("document.querySelector('#hands .hand') && document.querySelector('#hands .hand').textContent");
const sameDocument = await evaluate("window.__sameDocument === true");
const names = await evaluate("[...document.querySelectorAll('#grid td.name')].map((cell) => cell.textContent)");
const injected = await evaluate("document.querySelectorAll('#grid img, #grid script, #hands img').length");
const cells = await evaluate("[...document.querySelectorAll('#grid .cell')].map((cell) => cell.className + ':' + cell.textContent).join(' ')");
const shot = await send("Page.captureScreenshot", { format: "png", captureBeyondViewport: true });
writeFileSync(screenshot, Buffer.from(shot.result.data, "base64"));
console.log(JSON.stringify({ rows, handsBefore, hand, sameDocument, names, injected, cells }));
browser.kill("SIGKILL");
process.exit(0);
