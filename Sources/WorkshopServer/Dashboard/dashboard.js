// The instructor's dashboard. Every learner-supplied string goes in through textContent, never
// as HTML: a learner named <script> is shown as that text.
"use strict";
const token = new URLSearchParams(location.hash.slice(1)).get("token") || "";
const $ = (id) => document.getElementById(id);
let room = null;

function el(tag, attributes, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attributes || {})) {
    if (key === "class") node.className = value; else node.setAttribute(key, value);
  }
  for (const child of children) {
    if (child !== null && child !== undefined) node.append(child instanceof Node ? child : String(child));
  }
  return node;
}

async function api(path, options = {}) {
  const response = await fetch(path, { ...options, headers: { "Authorization": "Bearer " + token, ...(options.body ? { "Content-Type": "application/json" } : {}) } });
  if (!response.ok) {
    let message = response.status + "";
    try { message = (await response.json()).error || message; } catch (_) {}
    throw new Error(message);
  }
  return response;
}

function showProblem(message) {
  $("problem").hidden = !message;
  $("problem").textContent = message || "";
}

let loading = false, again = false;
async function refresh() {
  if (loading) { again = true; return; }
  loading = true;
  try {
    room = await (await api("/api/room")).json();
    render();
    showProblem("");
  } catch (error) {
    showProblem("The room could not be read: " + error.message);
  } finally {
    loading = false;
    if (again) { again = false; setTimeout(refresh, 300); }
  }
}

function cellFor(learner, ref) {
  const state = learner.steps[ref];
  let kind = "", mark = "";
  if (state) {
    kind = state.status === "passed" ? "passed" : state.status === "skipped" ? "skipped" : state.status === "attempted" ? "attempted" : "seen";
    mark = { passed: "✓", skipped: "»", attempted: "·", seen: "" }[kind];
  }
  if (learner.current === ref) {
    kind = learner.struggling ? "struggling" : (kind === "passed" ? "passed" : "current");
    mark = learner.struggling ? "!" : (kind === "passed" ? "✓" : "●");
  }
  const title = [ref, state ? state.status : "not seen", state && state.attempts ? state.attempts + " attempt(s)" : null,
                 state && state.hints ? state.hints + " hint(s)" : null, state && state.solution ? "solution shown" : null]
                .filter(Boolean).join(", ");
  const cell = el("td", { "data-step": ref }, el("span", { class: "cell " + kind, title }, mark));
  if (state && state.hints) cell.append(el("span", { class: "mark" }, "h"));
  if (state && state.solution) cell.append(el("span", { class: "mark" }, "S"));
  return cell;
}

function render() {
  $("title").textContent = "Workshop: " + room.outline.title;
  const lessons = room.outline.lessons;
  // Hands first: they are what the instructor acts on.
  const hands = $("hands");
  hands.replaceChildren();
  for (const learner of room.learners.filter((l) => l.handRaised)) {
    const clear = el("button", { type: "button" }, "clear");
    clear.addEventListener("click", () => api("/api/hands/clear", { method: "POST", body: JSON.stringify({ learner: learner.id }) }).then(refresh).catch((e) => showProblem(e.message)));
    hands.append(el("div", { class: "hand", "data-learner": learner.id }, "Hand up: ", learner.name, learner.current ? " — " + learner.current : "", clear));
  }

  const grid = $("grid");
  grid.replaceChildren();
  const head = el("tr", {}, el("th", { class: "name" }, "Learner"));
  for (const lesson of lessons) head.append(el("th", { class: "lesson", colspan: lesson.steps.length, title: lesson.title }, lesson.id));
  head.append(el("th", { class: "name" }, "Last wrong answer"));
  grid.append(head);
  for (const learner of room.learners) {
    const row = el("tr", { "data-learner": learner.id }, el("td", { class: "name" }, learner.name));
    for (const lesson of lessons) {
      lesson.steps.forEach((step, index) => {
        const cell = cellFor(learner, lesson.id + "/" + step.id);
        if (index === 0) cell.classList.add("first");
        row.append(cell);
      });
    }
    const wrong = learner.lastWrong;
    row.append(el("td", { class: "wrong" }, wrong ? wrong.step + ": " + (wrong.feedback || "") : "",
                  wrong && wrong.problem ? el("code", {}, wrong.problem) : null));
    grid.append(row);
  }
  if (room.learners.length === 0) grid.append(el("tr", {}, el("td", { class: "name" }, "Nobody has joined yet.")));

  const steps = $("steps");
  steps.replaceChildren(el("tr", {}, el("th", {}, "Step"), el("th", {}, "here"), el("th", {}, "done"), el("th", {}, "stuck"), el("th", {}, "Most common wrong answer")));
  for (const lesson of lessons) {
    for (const step of lesson.steps) {
      const ref = lesson.id + "/" + step.id;
      const summary = room.steps[ref];
      if (!summary || (summary.here + summary.done + summary.stuck === 0 && !summary.commonWrong)) continue;
      steps.append(el("tr", { "data-step": ref }, el("td", {}, ref), el("td", { class: "n" }, summary.here), el("td", { class: "n" }, summary.done),
                      el("td", { class: "n" }, summary.stuck),
                      el("td", {}, summary.commonWrong ? el("code", {}, summary.commonWrong + " (" + summary.commonWrongCount + ")") : "")));
    }
  }

  // Pacing controls reflect the room (unless the instructor is choosing in one).
  $("hold").checked = room.pacing.solutionsHeld;
  fillSelect($("open"), [["", "all lessons"]].concat(lessons.map((l) => [l.id, l.id + " — " + l.title])), room.pacing.openThrough || "");
  fillSelect($("gather"), lessons.flatMap((l) => l.steps.map((s) => [l.id + "/" + s.id, l.id + "/" + s.id])), null);
  $("sent").replaceChildren(...room.broadcasts.slice().reverse().map((b) => el("li", {}, b.text)));
}

function fillSelect(select, options, selected) {
  if (document.activeElement === select) return;
  const keep = selected === null ? select.value : selected;
  select.replaceChildren(...options.map(([value, label]) => el("option", { value }, label)));
  if (keep) select.value = keep;
}

$("broadcast").addEventListener("submit", (event) => {
  event.preventDefault();
  const text = $("message").value.trim();
  if (!text) return;
  api("/api/broadcast", { method: "POST", body: JSON.stringify({ text }) }).then(() => { $("message").value = ""; refresh(); }).catch((e) => showProblem(e.message));
});
$("hold").addEventListener("change", () => pace({ solutionsHeld: $("hold").checked }));
$("open").addEventListener("change", () => pace({ openThrough: $("open").value || null }));
$("gather-go").addEventListener("click", () => pace({ gather: $("gather").value }));
function pace(change) {
  api("/api/pacing", { method: "POST", body: JSON.stringify(change) }).then(refresh).catch((e) => showProblem(e.message));
}
for (const button of document.querySelectorAll("[data-export]")) {
  button.addEventListener("click", async () => {
    try {
      const path = button.getAttribute("data-export");
      const blob = await (await api(path)).blob();
      const link = el("a", { href: URL.createObjectURL(blob), download: path.split("/").pop().replace(/^/, "workshop-") });
      document.body.append(link);
      link.click();
      link.remove();
    } catch (e) { showProblem(e.message); }
  });
}

// Live: the server sends the room's version on every change; the page then reloads the state.
function connect() {
  const stream = new EventSource("/api/stream?token=" + encodeURIComponent(token));
  stream.addEventListener("change", refresh);
  stream.onopen = () => { $("live").textContent = "live"; $("live").classList.remove("off"); };
  stream.onerror = () => { $("live").textContent = "reconnecting…"; $("live").classList.add("off"); };
}
if (!token) showProblem("This link has no token: open the dashboard link the server printed when it started.");
else { refresh(); connect(); }
// Time on a step counts even when nothing happens: re-read the room each half minute.
setInterval(() => { if (token) refresh(); }, 30000);
