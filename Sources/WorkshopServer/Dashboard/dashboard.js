// The instructor's dashboard. Every learner-supplied string goes in through textContent, never
// as HTML: a learner named <script> is shown as that text.
"use strict";
const parameters = new URLSearchParams(location.hash.slice(1));
const token = parameters.get("token") || "";
const $ = (id) => document.getElementById(id);
let room = null;
let join = null;
// The lesson the instructor picked ("" follows the room) and the sort, kept across reloads.
// `#token=…&lesson=ID` opens on that lesson.
let pickedLesson = parameters.get("lesson") || localStorage.getItem("seguelab.lesson") || "";
$("sort").value = localStorage.getItem("seguelab.sort") || "join";

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
const post = (path, body) => api(path, { method: "POST", body: JSON.stringify(body) });

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
    if (!join) {
      join = await (await api("/api/join")).json();
      // The QR code of the join link, when the server can draw one (Debian's qrencode).
      api("/api/join.svg").then((r) => r.blob()).then((blob) => {
        const image = el("img", { id: "join-qr", src: URL.createObjectURL(blob), alt: "QR code of the join link" });
        $("join").prepend(image);
      }).catch(() => {});
    }
    render();
    showProblem("");
  } catch (error) {
    showProblem("The room could not be read: " + error.message);
  } finally {
    loading = false;
    if (again) { again = false; setTimeout(refresh, 300); }
  }
}

function ago(at) {
  if (!at || !room.now) return "";
  const minutes = Math.floor((room.now - at) / 60);
  return minutes < 1 ? "just now" : minutes < 120 ? minutes + " min ago" : Math.floor(minutes / 60) + " h ago";
}

// Done: passed or skipped, or seen for a step that asks for nothing.
const finished = (state, step) =>
  !!state && (state.status === "passed" || state.status === "skipped" || (step && !step.answered));

function cellFor(learner, ref, first) {
  const state = learner.steps[ref];
  let kind = "", mark = "";
  if (state) {
    kind = ["passed", "skipped", "attempted"].includes(state.status) ? state.status : "seen";
    mark = { passed: "✓", skipped: "»", attempted: "·", seen: "" }[kind];
  }
  // ● always shows where the learner is, done or not (a ring of green when already done).
  if (learner.current === ref) {
    kind = learner.struggling ? "struggling" : "current" + (state && state.status === "passed" ? " was-passed" : "");
    mark = learner.struggling ? "!" : "●";
  }
  const here = learner.current === ref && learner.secondsOnStep;
  const title = [learner.name + " — " + ref, state ? state.status : "not seen",
                 state && state.attempts ? state.attempts + " attempt(s)" : null,
                 state && state.hints ? state.hints + " hint(s)" : null,
                 state && state.solution ? "solution shown" : null,
                 here ? Math.round(learner.secondsOnStep / 60) + " min here" : null]
                .filter(Boolean).join(", ");
  const cell = el("td", { class: "step" + (first ? " first" : ""), "data-step": ref },
                  el("span", { class: "cell " + kind, title }, mark));
  if (state && state.hints) cell.append(el("span", { class: "mark" }, "h"));
  if (state && state.solution) cell.append(el("span", { class: "mark" }, "S"));
  return cell;
}

function summaryFor(learner, lesson) {
  const refs = lesson.steps.map((s) => lesson.id + "/" + s.id);
  const done = lesson.steps.filter((step, i) => finished(learner.steps[refs[i]], step)).length;
  const here = learner.current && learner.current.startsWith(lesson.id + "/");
  const kind = "summary" + (done === refs.length ? " complete" : "") + (here ? " here" : "");
  const cell = el("td", { class: kind, "data-lesson": lesson.id,
                          title: learner.name + " — " + lesson.id + ": " + done + " of " + refs.length + " done" },
                  here ? "●" + done : done === 0 ? "" : done === refs.length ? "✓" : done + "/" + refs.length);
  return cell;
}

function progressOf(learner) {
  const doneIn = (lesson) => lesson.steps.filter((s) => finished(learner.steps[lesson.id + "/" + s.id], s)).length;
  return room.outline.lessons.reduce((total, lesson) => total + doneIn(lesson), 0);
}

function sorted(learners) {
  const by = $("sort").value;
  const list = learners.slice();
  const name = (a, b) => a.name.localeCompare(b.name);
  if (by === "name") list.sort(name);
  if (by === "progress") list.sort((a, b) => progressOf(b) - progressOf(a) || name(a, b));
  const stuck = (a, b) => (b.struggling - a.struggling) || (!!b.handRaised - !!a.handRaised);
  if (by === "stuck") list.sort((a, b) => stuck(a, b) || name(a, b));
  return list;
}

function render() {
  $("title").textContent = "Workshop: " + room.outline.title;
  $("idle").hidden = !room.roomIdle;
  const lessons = room.outline.lessons;
  const lessonID = lessons.some((l) => l.id === pickedLesson) ? pickedLesson : (room.lesson || lessons[0].id);
  const lesson = lessons.find((l) => l.id === lessonID);
  const lessonOptions = lessons.map((l) => [l.id, l.id + " — " + l.title]);
  const follow = ["", "the room's lesson (" + (room.lesson || lessons[0].id) + ")"];
  fillSelect($("lesson"), [follow].concat(lessonOptions), pickedLesson);

  // The join card: large while the room is empty.
  if (join) {
    $("join-command").textContent = "seguelab --join " + join.link + " --name \"Your name\"";
    $("join").classList.toggle("empty", room.learners.length === 0);
  }

  // Hands first: they are what the instructor acts on.
  const hands = $("hands");
  hands.replaceChildren();
  for (const learner of room.learners.filter((l) => l.handRaised)) {
    const clear = el("button", { type: "button" }, "clear");
    clear.addEventListener("click", () => post("/api/hands/clear", { learner: learner.id })
      .then(refresh).catch((e) => showProblem(e.message)));
    hands.append(el("div", { class: "hand", "data-learner": learner.id }, "Hand up: ", learner.name,
                    learner.handStep ? " — " + learner.handStep : "", " (" + ago(learner.handRaised) + ")", clear));
  }
  const gathering = room.pacing.gathering;
  $("gathering").hidden = !gathering;
  if (gathering) {
    const withdraw = el("button", { type: "button" }, "withdraw");
    withdraw.addEventListener("click", () => pace({ gather: null }));
    $("gathering").replaceChildren("Everyone asked to go to ", el("b", {}, gathering.step),
                                   " (" + ago(gathering.at) + ")", withdraw);
  }

  const index = lessons.indexOf(lesson);
  const before = lessons.slice(0, index), after = lessons.slice(index + 1);
  const refs = lesson.steps.map((s) => lesson.id + "/" + s.id);
  const total = room.learners.length;
  const grid = $("grid");
  grid.replaceChildren();
  const columns = el("colgroup", {}, el("col", { class: "name" }));
  for (const _ of before) columns.append(el("col", { class: "lesson" }));
  for (const _ of refs) columns.append(el("col", { class: "step" }));
  for (const _ of after) columns.append(el("col", { class: "lesson" }));
  columns.append(el("col", { class: "wrong" }));
  grid.append(columns);
  $("lesson-title").textContent =
    "Lesson " + (index + 1) + " of " + lessons.length + ": " + lesson.title + " (" + lesson.id + ")";
  const head = el("tr", {}, el("th", { class: "name", "data-lesson": lesson.id }, "Learner"));
  const summaryHead = (l) =>
    el("th", { class: "summary", title: l.id + " — " + l.title }, "L" + (lessons.indexOf(l) + 1));
  for (const l of before) head.append(summaryHead(l));
  lesson.steps.forEach((step, i) => {
    const summary = room.steps[refs[i]] || { done: 0, stuck: 0 };
    const text = summary.done + " of " + total + " done · " + summary.stuck + " stuck";
    const bar = el("div", { class: "bar", "aria-label": text },
                   el("div", { class: "done", style: "height:" + (total ? 100 * summary.done / total : 0) + "%" }),
                   el("div", { class: "stuck", style: "height:" + (total ? 100 * summary.stuck / total : 0) + "%" }));
    const title = refs[i] + " — " + step.title + ": " + text;
    head.append(el("th", { class: "step", "data-step": refs[i], title }, bar, String(i + 1)));
  });
  for (const l of after) head.append(summaryHead(l));
  head.append(el("th", { class: "wrong" }, "Last wrong answer"));
  grid.append(el("thead", {}, head));
  const body = el("tbody");
  for (const learner of sorted(room.learners)) {
    const name = el("button", { type: "button", title: "Code, wrong answer, remove or merge" }, learner.name);
    name.addEventListener("click", () => openLearner(learner));
    const row = el("tr", { "data-learner": learner.id }, el("td", { class: "name" }, name));
    for (const l of before) row.append(summaryFor(learner, l));
    refs.forEach((ref, i) => row.append(cellFor(learner, ref, i === 0)));
    for (const l of after) row.append(summaryFor(learner, l));
    const wrong = learner.lastWrong;
    const words = wrong ? (wrong.feedback || "") + (wrong.problem ? " " + wrong.problem : "") : "";
    row.append(el("td", { class: "wrong", title: wrong ? wrong.step + ": " + words : "" },
                  wrong ? el("b", {}, wrong.step.split("/")[1] + ": ") : null, words));
    body.append(row);
  }
  if (room.learners.length === 0) {
    body.append(el("tr", {}, el("td", { class: "name", colspan: 3 }, "Nobody has joined yet.")));
  }
  grid.append(body);

  const steps = $("steps");
  steps.replaceChildren(el("tr", {}, el("th", {}, "Step"), el("th", {}, "Room"),
                           el("th", {}, "Most common wrong answer")));
  for (const ref of refs) {
    const summary = room.steps[ref];
    if (!summary) continue;
    steps.append(el("tr", { "data-step": ref }, el("td", {}, ref),
                    el("td", { class: "n" }, summary.done + " of " + total + " done · " + summary.stuck + " stuck · "
                                             + summary.here + " here"),
                    el("td", {}, summary.commonWrong
                      ? el("code", {}, summary.commonWrong + " (" + summary.commonWrongCount + ")") : "")));
  }

  // Pacing controls reflect the room (unless the instructor is choosing in one).
  $("hold").checked = room.pacing.solutionsHeld;
  fillSelect($("open"), [["", "all lessons"]].concat(lessonOptions), room.pacing.openThrough || "");
  fillSelect($("gather"), lessons.flatMap((l) => l.steps.map((s) => [l.id + "/" + s.id, l.id + "/" + s.id])), null);
  $("sent").replaceChildren(...room.broadcasts.slice().reverse().map((b) => {
    const withdraw = el("button", { type: "button" }, "withdraw");
    withdraw.addEventListener("click", () => post("/api/broadcast/withdraw", { id: b.id })
      .then(refresh).catch((e) => showProblem(e.message)));
    return el("li", { "data-broadcast": b.id }, b.text, " (" + ago(b.at) + ")", withdraw);
  }));
}

function fillSelect(select, options, selected) {
  if (document.activeElement === select) return;
  const keep = selected === null ? select.value : selected;
  select.replaceChildren(...options.map(([value, label]) => el("option", { value }, label)));
  select.value = keep || "";
}

// A learner's page: last wrong answer, latest code per exercise, remove or merge the row.
let shownLearner = null;
async function openLearner(learner) {
  shownLearner = learner;
  $("learner-name").textContent = learner.name;
  const wrong = learner.lastWrong;
  $("learner-wrong").replaceChildren(wrong ? "Last wrong answer on " + wrong.step + ": " + (wrong.feedback || "")
                                           : "No wrong answer standing.",
                                     wrong && wrong.problem ? el("code", {}, " " + wrong.problem) : null);
  const others = room.learners.filter((l) => l.id !== learner.id).map((l) => [l.id, l.name]);
  fillSelect($("learner-merge-into"), others, null);
  $("learner-code").replaceChildren("Loading code…");
  if (!$("learner").open) $("learner").showModal();
  try {
    const all = await (await api("/api/code.json")).json();
    const mine = all.filter((entry) => entry.id === learner.id);
    const shown = mine.flatMap((entry) => [el("h3", {}, entry.step), el("pre", {}, entry.code)]);
    $("learner-code").replaceChildren(...(mine.length ? shown : [el("p", {}, "No code sent yet.")]));
  } catch (e) { $("learner-code").replaceChildren(e.message); }
}
$("learner-close").addEventListener("click", () => $("learner").close());
$("learner-remove").addEventListener("click", () => {
  if (!shownLearner || !confirm("Remove " + shownLearner.name + "'s row from the dashboard?")) return;
  post("/api/learners/remove", { learner: shownLearner.id })
    .then(() => { $("learner").close(); refresh(); }).catch((e) => showProblem(e.message));
});
$("learner-merge").addEventListener("click", () => {
  const into = $("learner-merge-into").value;
  if (!shownLearner || !into) return;
  post("/api/learners/merge", { learner: shownLearner.id, into })
    .then(() => { $("learner").close(); refresh(); }).catch((e) => showProblem(e.message));
});

$("lesson").addEventListener("change", () => {
  pickedLesson = $("lesson").value;
  localStorage.setItem("seguelab.lesson", pickedLesson);
  render();
});
$("sort").addEventListener("change", () => { localStorage.setItem("seguelab.sort", $("sort").value); render(); });
$("broadcast").addEventListener("submit", (event) => {
  event.preventDefault();
  const text = $("message").value.trim();
  if (!text) return;
  post("/api/broadcast", { text }).then(() => { $("message").value = ""; refresh(); })
    .catch((e) => showProblem(e.message));
});
$("hold").addEventListener("change", () => pace({ solutionsHeld: $("hold").checked }));
$("open").addEventListener("change", () => pace({ openThrough: $("open").value || null }));
$("gather-go").addEventListener("click", () => pace({ gather: $("gather").value }));
function pace(change) {
  post("/api/pacing", change).then(refresh).catch((e) => showProblem(e.message));
}
$("new-room").addEventListener("click", async () => {
  const question = "Start a new room? Learners need the new join command; "
    + "this room is kept in a file beside the data file.";
  if (!confirm(question)) return;
  try {
    const fresh = await (await post("/api/room/new", {})).json();
    location.hash = "token=" + fresh.token;
    location.reload();
  } catch (e) { showProblem(e.message); }
});
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
