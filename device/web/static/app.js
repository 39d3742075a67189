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
  $("play").hidden = !token;
  if (!token || !state) return;
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
  }
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
  if (!state || !state.round) return;
  const now = piNow();
  const left = Math.max(0, (state.round.ends_at - now) / state.speed);
  const over = left <= 0 || !!state.results;
  $("countdown").textContent = over ? "Temps écoulé" : Math.ceil(left) + " s";
  $("send").disabled = over;
  $("clear").disabled = over;
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
  const reply = await call("POST", "/api/answer", { round: state.round.number, answer: $("answer").value });
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
$("clear").addEventListener("click", () => { $("answer").value = ""; });
const params = new URLSearchParams(location.search);
if (params.get("code")) $("code").value = params.get("code");
players();
show();
refresh();
setInterval(refresh, 500);
setInterval(tick, 100);
