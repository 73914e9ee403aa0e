// Opens the dashboard in headless Chromium at a projector's size (DevTools protocol through
// Node's WebSocket), waits for the room's rows, measures whether the grid fits the width, reads
// what it shows, opens one learner's code, and saves a screenshot of the screen as it is.
// Usage: node --experimental-websocket projector-check.mjs DASHBOARD_URL WIDTH HEIGHT LEARNERS SCREENSHOT
//        [CODE_LEARNER|none]
import { spawn } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const [dashboard, width, height, learners, screenshot, codeLearner = "learner-00"] = process.argv.slice(2);
const profile = mkdtempSync(join(tmpdir(), "seguelab-chromium-"));
const browser = spawn("chromium", ["--headless=new", "--no-sandbox", "--disable-gpu", "--no-first-run",
  "--remote-debugging-port=0", `--user-data-dir=${profile}`, `--window-size=${width},${height}`, "about:blank"],
  { stdio: ["ignore", "ignore", "pipe"] });
const fail = (message) => {
  console.log(JSON.stringify({ error: message }));
  browser.kill("SIGKILL");
  process.exit(1);
};
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
const send = (method, params = {}) => new Promise((resolve) => {
  const id = ++nextID;
  pending.set(id, resolve);
  socket.send(JSON.stringify({ id, method, params }));
});
const evaluate = async (expression) =>
  (await send("Runtime.evaluate", { expression, returnByValue: true })).result?.result?.value;
const until = async (expression) => {
  for (let i = 0; i < 1200; i++) {
    const value = await evaluate(expression);
    if (value) return value;
    await new Promise((r) => setTimeout(r, 100));
  }
  fail("never true: " + expression);
};

await send("Page.enable");
await send("Emulation.setDeviceMetricsOverride",
           { width: Number(width), height: Number(height), deviceScaleFactor: 1, mobile: false });
await send("Page.navigate", { url: dashboard });
await until(`document.querySelectorAll('#grid tbody tr[data-learner]').length >= ${learners}`);
await until(`document.getElementById('live').textContent === 'live'`);
await until(`document.getElementById('join-qr') && document.getElementById('join-qr').complete`);
const seen = await evaluate(`(() => {
  const main = document.querySelector("main");
  const name = document.querySelector("#grid td.name");
  const rows = [...document.querySelectorAll("#grid tbody tr[data-learner]")];
  return {
    viewport: [innerWidth, innerHeight],
    pageWidth: document.documentElement.scrollWidth,
    gridWidth: main.scrollWidth,
    mainWidth: main.clientWidth,
    rows: rows.length,
    stepColumns: document.querySelectorAll("#grid thead th.step").length,
    summaryColumns: document.querySelectorAll("#grid thead th.summary").length,
    lessonHeading: document.querySelector("#grid thead th.name").getAttribute("data-lesson"),
    nameFontPixels: parseFloat(getComputedStyle(name).fontSize),
    nameSticky: getComputedStyle(name).position,
    bars: [...document.querySelectorAll("#grid thead .bar")].map((bar) => bar.getAttribute("aria-label")),
    herePerRow: rows.map((row) => row.querySelectorAll(".cell.current, .cell.struggling, td.summary.here").length),
    wrong: rows.map((row) => row.querySelector("td.wrong").textContent),
    join: document.getElementById("join-command").textContent,
    qr: document.getElementById("join-qr") ? document.getElementById("join-qr").naturalWidth : 0,
    hands: [...document.querySelectorAll("#hands .hand")].map((hand) => hand.textContent),
    firstNames: rows.slice(0, 3).map((row) => row.querySelector("td.name").textContent),
  };
})()`);
const shot = await send("Page.captureScreenshot", { format: "png" });
writeFileSync(screenshot, Buffer.from(shot.result.data, "base64"));
// Sorting: stuck first puts a struggling learner on top.
const sortBy = (order) => evaluate(`(() => {
  const s = document.getElementById("sort"); s.value = "${order}"; s.dispatchEvent(new Event("change"));
})()`);
await sortBy("stuck");
seen.stuckFirst = await evaluate(`document.querySelector("#grid tbody tr[data-learner] .cell.struggling") !== null`);
await sortBy("name");
seen.byName = await evaluate(`[...document.querySelectorAll("#grid tbody td.name")].map((cell) => cell.textContent)`);
// A learner's code, from the page.
if (codeLearner !== "none") {
  await evaluate(`document.querySelector('#grid tbody tr[data-learner="${codeLearner}"] td.name button').click()`);
  const code = "document.querySelector('#learner-code').textContent";
  seen.code = await until(`${code} !== "Loading code…" && ${code}`);
}
console.log(JSON.stringify(seen));
browser.kill("SIGKILL");
process.exit(0);
