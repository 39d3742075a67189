// The phone page: join a seat, follow the Pi's round, answer. No library, no build step.
"use strict";
const $ = (id) => document.getElementById(id);
let token = localStorage.getItem("arbitre-jeton");
let state = null;
let offset = null; // Pi clock minus ours (seconds), from the fastest recent round trip
let bestTrip = Infinity;
let sentRound = null;

function say(text, good) {
  $("message").textContent = text || "";
  $("message").className = good ? "good" : "";
}

async function call(method, path, body) {
  const headers = { "Content-Type": "application/json" };
  if (token) headers["X-Jeton"] = token;
  const t0 = performance.now() / 1000;
  const response = await fetch(path, { method, headers, body: body ? JSON.stringify(body) : undefined });
  const t1 = performance.now() / 1000;
  const data = await response.json().catch(() => ({ erreur: "Réponse illisible de l'arbitre" }));
  return { ok: response.ok, status: response.status, data, t0, t1 };
}

function piNow() {
  if (!state || offset === null) return null;
  return (performance.now() / 1000) * state.speed + offset;
}

async function refresh() {
  if (!token) return;
  let reply;
  try { reply = await call("GET", "/api/state"); } catch (e) { say("Connexion perdue : nouvel essai…"); return; }
  if (!reply.ok) {
    if (reply.status === 401) { token = null; localStorage.removeItem("arbitre-jeton"); show(); }
    say(reply.data.erreur);
    return;
  }
  const trip = reply.t1 - reply.t0;
  // The midpoint rule: the Pi read its clock halfway through the trip.
  if (trip <= bestTrip * 1.5 || offset === null) {
    bestTrip = Math.min(trip, bestTrip);
    offset = reply.data.now - ((reply.t0 + reply.t1) / 2) * reply.data.speed;
  }
  state = reply.data;
  show();
}

function show() {
  $("join").hidden = !!token;
  $("play").hidden = !token || !!(state && state.jeu);
  $("live").hidden = !token || !(state && state.jeu);
  if (!token || !state) return;
  if (state.jeu) { showLive(state.jeu); return; }
  const round = state.round;
  $("who").textContent = "Joueur : " + state.me;
  if (!round) { $("round-title").textContent = "En attente de la prochaine manche…"; return; }
  $("round-title").textContent = "Manche " + round.number + (round.kind === "letters" ? " — le mot le plus long" : " — le compte est bon");
  const draw = $("draw");
  const key = round.number + ":" + round.draw.join(",");
  if (draw.dataset.key !== key) {
    draw.dataset.key = key;
    draw.replaceChildren(...round.draw.map((tile) => {
      const b = document.createElement("button");
      b.type = "button"; b.textContent = tile;
      b.addEventListener("click", () => { $("answer").value += round.kind === "letters" ? tile : " " + tile + " "; });
      return b;
    }));
    $("answer").value = state.mine || "";
    if (round.kind === "numbers") startCount(round);
  }
  const numbers = round.kind === "numbers";
  $("answer").hidden = numbers;
  $("count").hidden = !numbers;
  draw.hidden = numbers;
  $("target").textContent = round.target === null ? "" : "Cible : " + round.target;
  $("answer").placeholder = round.kind === "letters" ? "Votre mot" : "Ex. 25 × 4 = 100";
  $("mine").textContent = state.mine ? "Réponse enregistrée : " + state.mine : "";
  $("answered").textContent = state.answered.length ? "Ont répondu : " + state.answered.join(", ") : "";
  const results = $("results");
  if (state.results) {
    const rows = (state.results.lignes || []).map((l) => "<tr><td>" + esc(l.joueur) + "</td><td>" + esc(l.reponse) + "</td><td>" + esc(l.points) + "</td></tr>").join("");
    const best = (state.results.meilleures || []).map(esc).join(", ");
    const html = "<table>" + rows + "</table>" + (best ? "<p>Meilleures réponses : " + best + "</p>" : "");
    if (results.innerHTML !== html) results.innerHTML = html;  // unchanged: left as it is
  } else if (results.innerHTML) results.innerHTML = "";
  tick();
}

function esc(value) { const d = document.createElement("div"); d.textContent = String(value); return d.innerHTML; }

function tick() {
  if (state && state.jeu) { tickLive(state.jeu); return; }
  if (!state || !state.round) return;
  const now = piNow();
  const left = Math.max(0, (state.round.ends_at - now) / state.speed);
  const over = left <= 0 || !!state.results;
  // club play: the search, then the writing time, each counted down as the Pi's screen does
  const writing = state.round.writing || 0;
  const phase = !writing ? Math.ceil(left)
    : left > writing ? "Recherche : " + Math.ceil(left - writing) : "Écriture : " + Math.ceil(left);
  $("countdown").textContent = over ? "Temps écoulé" : phase + " s";
  $("send").disabled = over;
  $("clear").disabled = over;
  for (const b of document.querySelectorAll("#count-ops button, #count-undo")) b.disabled = over;
  if (over) for (const b of document.querySelectorAll("#count button")) b.disabled = true;
}

async function join() {
  const reply = await call("POST", "/api/join", { code: $("code").value, name: $("name").value });
  if (!reply.ok) { say(reply.data.erreur); return; }
  token = reply.data.jeton;
  localStorage.setItem("arbitre-jeton", token);
  say("");
  await refresh();
}

async function send() {
  if (!state || !state.round) return;
  let answer = $("answer").value;
  if (state.round.kind === "numbers") {
    if (count.first !== null) { say("Terminez l'opération en cours ou annulez-la"); return; }
    if (!count.steps.length || !count.reply) { say("Écrivez au moins une étape"); return; }
    answer = count.reply.texte;
  }
  const reply = await call("POST", "/api/answer", { round: state.round.number, answer });
  if (!reply.ok) { say(reply.data.erreur); return; }
  say("Réponse enregistrée", true);
  state.mine = reply.data.pris;
  $("mine").textContent = "Réponse enregistrée : " + reply.data.pris;
}

async function players() {
  // The names come from a public read of the table (no token yet).
  const response = await fetch("/api/players");
  if (!response.ok) return;
  const data = await response.json();
  $("name").replaceChildren(...data.players.map((n) => { const o = document.createElement("option"); o.textContent = n; o.value = n; return o; }));
}

$("join-button").addEventListener("click", join);
$("send").addEventListener("click", send);
$("clear").addEventListener("click", () => {
  $("answer").value = "";
  if (state && state.round && state.round.kind === "numbers") { count.steps = []; count.first = null; count.op = null; checkCount(); }
});
$("count-undo").addEventListener("click", undoCount);
for (const b of document.querySelectorAll("#count-ops button")) b.addEventListener("click", () => pickOp(b.dataset.op));
$("live-send").addEventListener("click", () => liveWord($("live-input").value));
$("live-none").addEventListener("click", () => liveWord(""));
const params = new URLSearchParams(location.search);
if (params.get("code")) $("code").value = params.get("code");
players();
show();
refresh();
setInterval(refresh, 500);
setInterval(tick, 100);

// --- a count written step by step: the Pi checks every step (the touchscreen's checks) ----

const OPS = { "+": "+", "-": "−", "*": "×", "/": "÷" };
let count = { round: null, steps: [], first: null, op: null, reply: null, problem: "" };

function saveCount() {
  sessionStorage.setItem("arbitre-compte", JSON.stringify({ round: count.round, steps: count.steps }));
}

function startCount(round) {
  count = { round: round.number, steps: [], first: null, op: null, reply: null, problem: "" };
  $("count-plates").dataset.key = $("count-results").dataset.key = "";  // a new round: new keys
  const kept = JSON.parse(sessionStorage.getItem("arbitre-compte") || "null");
  if (kept && kept.round === round.number) count.steps = kept.steps;  // a reload keeps them
  else if (state.mine) {  // the count sent, as the Pi keeps it
    for (const line of state.mine.split("\n")) {
      const m = /(\d+)\s*([-+x*/])\s*(\d+)/.exec(line);
      if (m) count.steps.push([+m[1], m[2] === "x" ? "*" : m[2], +m[3]]);
    }
  }
  checkCount();
}

async function checkCount(candidate) {
  const steps = candidate ? count.steps.concat([candidate]) : count.steps;
  const reply = await call("POST", "/api/verifier", { round: count.round, etapes: steps });
  if (!reply.ok) { count.problem = reply.data.erreur; drawCount(); return; }
  if (reply.data.raison) {  // the step is refused, with the Pi's reason; the count stays
    const why = reply.data.raison.replace(/^étape \d+ : /, "");
    count.problem = why.charAt(0).toUpperCase() + why.slice(1);
  } else {
    count.steps = steps; count.reply = reply.data; count.problem = "";
    if (candidate) { count.first = null; count.op = null; }
    saveCount();
  }
  drawCount();
}

function pickNumber(slot, number) {
  count.problem = "";
  if (count.first === null || count.op === null) { count.first = { slot, number }; drawCount(); return; }
  checkCount([count.first.number, count.op, number]);
}

function pickOp(op) {
  if (count.first === null) { count.problem = "Choisissez d'abord un nombre"; drawCount(); return; }
  count.op = op; count.problem = ""; drawCount();
}

function undoCount() {
  count.problem = "";
  if (count.op !== null) count.op = null;
  else if (count.first !== null) count.first = null;
  else if (count.steps.length) { count.steps = count.steps.slice(0, -1); checkCount(); return; }
  drawCount();
}

function numberKeys(box, slots, prefix) {
  const key = JSON.stringify(slots) + (count.first ? count.first.slot : "");
  if (box.dataset.key === key) return;
  box.dataset.key = key;
  box.replaceChildren(...slots.map(([n, free], i) => {
    const b = document.createElement("button");
    b.type = "button"; b.textContent = n;
    const slot = prefix + i;
    b.disabled = !free || (count.first !== null && count.first.slot === slot);
    b.addEventListener("click", () => pickNumber(slot, n));
    return b;
  }));
}

function drawCount() {
  if (!state || !state.round || state.round.kind !== "numbers") return;
  const reply = count.reply;
  const plates = reply ? reply.plaques : state.round.draw.map((n) => [n, true]);
  numberKeys($("count-plates"), plates, "p");
  numberKeys($("count-results"), reply ? reply.resultats : [], "r");
  for (const b of document.querySelectorAll("#count-ops button")) b.className = b.dataset.op === count.op ? "chosen" : "";
  const lines = reply ? reply.etapes.map((e) => e.texte.replace(" x ", " × ").replace(" / ", " ÷ ").replace(" - ", " − ")) : [];
  $("count-steps").replaceChildren(...lines.map((t) => { const li = document.createElement("li"); li.textContent = t; return li; }));
  $("count-pending").textContent = count.first === null ? "" : count.first.number + (count.op ? " " + OPS[count.op] + " …" : " …");
  $("count-problem").textContent = count.problem;
  $("count-value").textContent = reply && reply.valeur !== null && count.steps.length ? "Résultat : " + reply.valeur : "";
}

// --- the dice game and the bluff game, move by move ----------------------------------------

function scoresLine(jeu) {
  return "Scores : " + Object.entries(jeu.scores).map(([p, s]) => p + " " + s).join(" · ") + " (en " + jeu.cible + ")";
}

function liveKeys(keys) {  // [label, id, enabled, action]
  // A key that stays is the same button, only moved: a finger on it while the others
  // change (a count starting removes IMPOSSIBLE) still lands on it.
  const box = $("live-keys");
  const sig = JSON.stringify(keys.map((k) => [k[0], k[1]]));
  if (box.dataset.key !== sig) {
    box.dataset.key = sig;
    const kept = new Map([...box.children].map((b) => [b.id, b]));
    box.replaceChildren(...keys.map(([label, id]) => {
      const b = kept.get(id) || document.createElement("button");
      b.type = "button"; b.textContent = label; b.id = id;
      b.className = label.length > 2 ? "wide" : "";
      return b;
    }));
  }
  keys.forEach(([, id, enabled, action]) => { const b = $(id); b.disabled = !enabled; b.onclick = action; });
}

async function liveMove(move) {
  const reply = await call("POST", "/api/coup", Object.assign({ tour: state.jeu.tour }, move));
  if (!reply.ok) { say(reply.data.erreur); return false; }
  say("Coup pris", true);
  await refresh();
  return true;
}

async function liveWord(word) {
  const jeu = state && state.jeu;
  if (!jeu) return;
  if (jeu.jeu === "paroles" && !word.trim()) { say("Le mot est vide"); return; }
  if (await liveMove({ coup: jeu.jeu === "des" ? "mot" : "annonce", mot: word })) $("live-input").value = "";
}

function showLive(jeu) {
  $("live-who").textContent = "Joueur : " + state.me;
  $("live-scores").textContent = scoresLine(jeu);
  let title = "", said = "", keys = [], word = false, faces = [];
  if (jeu.jeu === "des") {
    faces = jeu.des;
    title = "Lancer " + jeu.lancer + (jeu.departage ? " (départage)" : "");
    const c = jeu.compte;
    const mine = jeu.joueurs.includes(state.me);
    if (jeu.phase === "lancer") said = jeu.lanceur + " lance les dés…";
    else if (jeu.phase === "annonces") {
      said = c ? c.joueur + " compte (" + (c.lettres === null ? "IMPOSSIBLE" : c.lettres + " lettres") + ")" : "À vous : combien de lettres ?";
      const top = c && c.lettres === null ? 18 : 10;
      for (let n = jeu.mini; n <= top; n++) {
        const ok = mine && (!c || (c.joueur !== state.me && (c.lettres === null || n < c.lettres)));
        keys.push([String(n), "annonce-" + n, ok, () => liveMove({ coup: "annonce", lettres: n })]);
      }
      if (!c) keys.push(["IMPOSSIBLE", "impossible", mine, () => liveMove({ coup: "impossible" })]);
    } else if (jeu.phase === "mot") {
      said = "STOP ! Le mot de " + c.joueur + " (" + c.lettres + " lettres)";
      word = c.joueur === state.me;
    } else said = "Partie terminée : " + (jeu.classement || []).join(", ");
  } else {
    title = "Main " + jeu.main + (jeu.cartes ? " · " + jeu.cartes + " cartes" : "");
    const last = jeu.mots.length ? jeu.mots[jeu.mots.length - 1] : null;
    if (jeu.phase === "premier") said = "Tirage du premier joueur sur l'arbitre…";
    else if (jeu.phase === "annonce") {
      word = jeu.detenteur === state.me;
      said = word
        ? "À vous d'annoncer un mot à " + jeu.auditeur + (last ? " (plus long que " + last + ")" : " (" + jeu.au_plus + " lettres au plus)")
        : jeu.detenteur + " annonce un mot à " + jeu.auditeur;
    } else if (jeu.phase === "reponse") {
      said = jeu.detenteur + " annonce « " + last + " » à " + jeu.auditeur;
      if (jeu.auditeur === state.me) {
        keys = [["J'accepte", "accepte", true, () => liveMove({ coup: "accepte" })],
                ["Menteur !", "menteur", true, () => liveMove({ coup: "menteur" })]];
      }
    } else if (jeu.phase === "revelation") said = "Menteur ! " + jeu.detenteur + " montre sa main à l'arbitre";
    else said = "Partie terminée : " + (jeu.classement || []).join(", ");
  }
  $("live-title").textContent = title;
  $("live-said").textContent = said;
  const fkey = faces.join("");
  if ($("live-dice").dataset.key !== fkey) {
    $("live-dice").dataset.key = fkey;
    $("live-dice").replaceChildren(...faces.map((f) => { const s = document.createElement("span"); s.textContent = f; return s; }));
  }
  liveKeys(keys);
  $("live-word").hidden = !word;
  $("live-none").hidden = jeu.jeu !== "des";
  $("live-send").textContent = jeu.jeu === "des" ? "Valider" : "Annoncer";
  $("live-input").placeholder = jeu.jeu === "des" ? "Mon mot" : "Mot annoncé";
  const d = jeu.dernier;
  let html = "";
  if (d && jeu.jeu === "des") {
    const pts = Object.entries(d.points).map(([p, n]) => "<tr><td>" + esc(p) + "</td><td>+" + esc(n) + "</td></tr>").join("");
    html = "<p><strong>Lancer " + esc(d.lancer) + " (" + esc(d.des.join("")) + ") : " + esc(d.texte) + "</strong></p>"
      + (d.raison ? "<p class=\"bad\">" + esc(d.raison) + "</p>" : "") + "<table>" + pts + "</table>"
      + d.plus_courts.map((l) => "<p>" + esc(l) + "</p>").join("");
  } else if (d) {
    html = "<p><strong>" + esc(d.texte) + "</strong></p><p>Main : " + esc(d.main) + "</p>"
      + (d.raison ? "<p class=\"bad\">" + esc(d.raison) + "</p>" : "")
      + "<p>" + esc(d.gagnant) + " +" + esc(d.points) + "</p>";
  }
  if ($("live-last").innerHTML !== html) $("live-last").innerHTML = html;
  tickLive(jeu);
}

function tickLive(jeu) {
  const c = jeu.compte;
  if (jeu.jeu !== "des" || jeu.phase !== "annonces" || !c) { $("live-count").textContent = ""; return; }
  const now = piNow();
  const left = now === null ? c.de : Math.max(0, c.de - Math.max(0, Math.floor(now - c.depuis)));
  $("live-count").textContent = left === 0 ? "STOP" : String(left);
}
