// Lethe dashboard: policy health. The banner naming every policy that is not
// ok, the health badge and last runs on each card, and, past a handful of
// policies, a compact table (sortable, filterable, unhealthy first) from
// which a card opens. The health itself is decided by the server
// (GET /api/v1/overview, policies[].health; docs/dashboard.md, "Health").
"use strict";

// With more policies than this the overview is a table, and a card opens
// from its row.
const HEALTH_TABLE_MIN = 7;
// healthOrder is the states from the most urgent, as the server ranks them.
const healthOrder = ["failing", "stalled", "behind", "throttled", "paused", "ok"];
const healthLabels = {
  ok: "OK", behind: "Behind", stalled: "Stalled", failing: "Failing", throttled: "Throttled", paused: "Paused",
};

const healthState = {
  sort: "health", // a column's key
  desc: false,
  filter: "",
  only: "", // "" all, "unhealthy", or one state
  open: null, // the policy whose card is open under the table
  built: false,
};

function healthRank(p) {
  const i = healthOrder.indexOf(p.health && p.health.state);
  return i < 0 ? healthOrder.length : i;
}

// healthBadge is the card's health state, its reason in the tooltip.
function healthBadge(p) {
  const h = p.health || { state: "ok" };
  const since = h.since ? ` since ${absTime(h.since)}` : "";
  return `<span class="badge health-${esc(h.state)}" data-field="health" title="${esc((h.reason || "healthy") + since)}">${esc(healthLabels[h.state] || h.state)}</span>`;
}

// runText says what one periodic run came to.
function runText(r) {
  const rows = r.rows > 0 ? ` ${num(r.rows)}` : "";
  const verb = r.kind === "lethe.expire_plan" ? "claimed" : "deleted";
  switch (r.outcome) {
    case "deleted": return `${verb}${rows}`;
    case "nothing_due": return "nothing due";
    case "lock": return `gave way to a lock${rows ? ` (${verb}${rows})` : ""}`;
    case "replica_lag": return `paused on replica lag${rows ? ` (${verb}${rows})` : ""}`;
    case "paced": return `paced${rows ? ` (${verb}${rows})` : ""}`;
    case "error": return "error";
    default: return r.outcome;
  }
}

// healthBlock is the card's health reason and its last runs.
function healthBlock(p) {
  const h = p.health || { state: "ok" };
  const reason = h.state !== "ok" && h.reason
    ? `<div class="health-reason health-${esc(h.state)}" data-field="health-reason"><strong>${esc(healthLabels[h.state] || h.state)}</strong>${h.since ? ` since ${timeEl(h.since)}` : ""}: ${esc(h.reason)}</div>`
    : "";
  const runs = (p.runs || []).slice(0, 5);
  const list = runs.length
    ? `<ul class="runs">${runs.map((r) => `<li class="run-${esc(r.outcome)}" title="${esc(r.kind + (r.reason ? ": " + r.reason : ""))}"><span class="when">${timeEl(r.at)}</span><span class="what">${esc(runText(r))}</span>${r.outcome === "error" || r.reason ? `<span class="why">${esc(r.reason)}</span>` : ""}</li>`).join("")}</ul>`
    : `<div class="muted">No runs recorded yet</div>`;
  return `${reason}<div><div class="sub-title">Last runs</div>${list}</div>`;
}

// renderHealth draws the banner and, with many policies, the table.
function renderHealth(ov) {
  const policies = ov.policies || [];
  const bad = policies.filter((p) => p.health && p.health.state !== "ok").sort((a, b) => healthRank(a) - healthRank(b) || a.name.localeCompare(b.name));
  const banner = $("health-banner");
  banner.hidden = bad.length === 0;
  if (bad.length) {
    const worst = bad[0].health.state;
    const shown = bad.slice(0, 6).map((p) => `<button type="button" class="link health-name" data-health-open="${esc(p.name)}" title="${esc(p.health.reason || "")}"><strong>${esc(p.name)}</strong> <span class="health-word health-${esc(p.health.state)}">${esc(p.health.state)}</span></button>`);
    const more = bad.length > shown.length
      ? ` <button type="button" class="link health-more" data-health-unhealthy>and ${bad.length - shown.length} more</button>`
      : "";
    banner.dataset.worst = worst;
    setHTML(banner, `<span class="health-banner-title">${bad.length === 1 ? "1 policy needs attention" : `${bad.length} policies need attention`}:</span> ${shown.join(", ")}${more}`);
  }
  const table = $("policy-table");
  table.hidden = policies.length < HEALTH_TABLE_MIN;
  if (table.hidden) return;
  if (!healthState.built) buildHealthTable(table);
  const rows = healthRows(policies);
  const total = policies.length;
  $("health-count").textContent = rows.length === total ? `${total} policies · ${bad.length} not ok` : `${rows.length} of ${total} policies`;
  for (const th of table.querySelectorAll("th[data-sort]")) {
    th.setAttribute("aria-sort", th.dataset.sort === healthState.sort ? (healthState.desc ? "descending" : "ascending") : "none");
  }
  setHTML($("health-rows"), rows.length ? rows.map(healthRow).join("") : `<tr><td colspan="7" class="muted">No policy matches.</td></tr>`);
}

function buildHealthTable(table) {
  healthState.built = true;
  const options = [["", "All states"], ["unhealthy", "Not ok"], ...healthOrder.map((s) => [s, healthLabels[s]])];
  const th = (key, label, cls) => `<th scope="col" data-sort="${key}" class="${cls || ""}" aria-sort="none"><button type="button" class="sort">${label}</button></th>`;
  table.innerHTML = `<div class="health-controls">
      <label class="field grow"><span class="sr-only">Filter policies</span><input id="health-filter" type="search" placeholder="Filter by name, table, kind or state" spellcheck="false" autocapitalize="off"></label>
      <label class="field"><span class="sr-only">Health</span><select id="health-only">${options.map(([v, l]) => `<option value="${v}">${esc(l)}</option>`).join("")}</select></label>
      <span class="muted health-count" id="health-count"></span>
    </div>
    <div class="table-scroll"><table class="health-table">
      <thead><tr>${th("health", "Health")}${th("name", "Policy")}${th("backlog", "Backlog", "num")}${th("eta", "ETA", "col-eta")}${th("oldest", "Oldest expired")}${th("last", "Last run", "col-last")}${th("errors", "Errors 24 h", "num col-errors")}</tr></thead>
      <tbody id="health-rows"></tbody>
    </table></div>`;
  $("health-filter").addEventListener("input", (ev) => { healthState.filter = ev.target.value; rerenderHealth(); });
  $("health-only").addEventListener("change", (ev) => { healthState.only = ev.target.value; rerenderHealth(); });
  table.querySelector("thead").addEventListener("click", (ev) => {
    const cell = ev.target.closest("th[data-sort]");
    if (!cell) return;
    const key = cell.dataset.sort;
    healthState.desc = healthState.sort === key ? !healthState.desc : key === "backlog" || key === "errors" || key === "oldest";
    healthState.sort = key;
    rerenderHealth();
  });
  $("health-rows").addEventListener("click", (ev) => {
    const row = ev.target.closest("tr[data-policy]");
    if (row && !ev.target.closest("a")) openHealthCard(row.dataset.policy, true);
  });
  $("health-rows").addEventListener("keydown", (ev) => {
    const row = ev.target.closest("tr[data-policy]");
    if (row && (ev.key === "Enter" || ev.key === " ")) { ev.preventDefault(); openHealthCard(row.dataset.policy, true); }
  });
}

function rerenderHealth() {
  if (state.overview) renderHealth(state.overview);
}

// healthRows filters and sorts the policies as the controls say; ties
// keep the most urgent first, then the name.
function healthRows(policies) {
  const words = healthState.filter.trim().toLowerCase().split(/\s+/).filter(Boolean);
  const rows = policies.filter((p) => {
    const st = p.health ? p.health.state : "ok";
    if (healthState.only === "unhealthy" && st === "ok") return false;
    if (healthState.only && healthState.only !== "unhealthy" && st !== healthState.only) return false;
    const hay = [p.name, p.table, p.entity, p.kind, st].join(" ").toLowerCase();
    return words.every((w) => hay.includes(w));
  });
  const time = (iso) => (iso ? new Date(iso).getTime() : null);
  const value = {
    health: healthRank,
    name: (p) => p.name,
    backlog: (p) => p.backlog,
    oldest: (p) => { const t = time(p.oldest_expired_at); return t == null ? null : -t; }, // older is larger
    last: (p) => time(p.last_run_at),
    errors: (p) => p.deleted ? p.deleted.errors_last_day : null,
    eta: (p) => p.progress ? p.progress.eta_seconds : null,
  }[healthState.sort] || healthRank;
  const dir = healthState.desc ? -1 : 1;
  return rows.sort((a, b) => {
    const va = value(a), vb = value(b);
    if (va !== vb) {
      if (va == null) return 1; // missing values last either way
      if (vb == null) return -1;
      const c = typeof va === "string" ? va.localeCompare(vb) : va - vb;
      if (c) return c * dir;
    }
    return healthRank(a) - healthRank(b) || a.name.localeCompare(b.name);
  });
}

function healthRow(p) {
  const h = p.health || { state: "ok" };
  const last = p.runs && p.runs[0];
  const backlog = p.backlog == null ? "—" : compact(p.backlog) + (p.capped ? "+" : "");
  const open = healthState.open === p.name;
  return `<tr data-policy="${esc(p.name)}" data-health="${esc(h.state)}" tabindex="0" aria-expanded="${open}" class="${open ? "open" : ""}" title="${esc(h.reason || "")}">
    <td>${healthBadge(p)}</td>
    <td><span class="health-policy">${esc(p.name)}</span> <span class="muted-inline">${esc(p.kind)}${p.table ? " · " + esc(p.table) : ""}</span></td>
    <td class="num">${esc(backlog)}</td>
    <td class="col-eta${p.progress && p.progress.throttled ? " throttled-text" : ""}" data-field="eta" title="${esc(p.progress ? (p.progress.throttled || p.progress.note) : "")}">${esc(etaText(p))}</td>
    <td>${p.backlog == null ? "—" : timeEl(p.oldest_expired_at, "age", "none")}</td>
    <td class="col-last">${timeEl(p.last_run_at)}${last ? ` <span class="muted-inline run-${esc(last.outcome)}">${esc(runText(last))}</span>` : ""}</td>
    <td class="num col-errors${p.deleted && p.deleted.errors_last_day > 0 ? " bad-text" : ""}">${num(p.deleted ? p.deleted.errors_last_day : 0)}</td>
  </tr>`;
}

// openHealthCard shows name's card (under the table when there is one),
// or closes it when it is open already and toggle is set.
function openHealthCard(name, toggle) {
  const table = !$("policy-table").hidden;
  if (table) {
    healthState.open = toggle && healthState.open === name ? null : name;
    if (state.overview) { renderHealth(state.overview); renderPolicies(state.overview.policies); }
  }
  const card = document.querySelector(`#policies .card[data-policy="${CSS.escape(name)}"]`);
  if (card) card.scrollIntoView({ behavior: "smooth", block: "start" });
}

// healthCardsShown are the cards app.js draws: all of them, or with the
// table only the one opened from it.
function healthCardsShown(policies) {
  if (policies.length < HEALTH_TABLE_MIN) return policies;
  return policies.filter((p) => p.name === healthState.open);
}

document.addEventListener("click", (ev) => {
  const b = ev.target.closest("[data-health-open]");
  if (b) openHealthCard(b.dataset.healthOpen, false);
  if (ev.target.closest("[data-health-unhealthy]") && !$("policy-table").hidden) {
    // Every policy that is not ok, in the table.
    healthState.only = "unhealthy";
    $("health-only").value = "unhealthy";
    rerenderHealth();
    $("policy-table").scrollIntoView({ behavior: "smooth", block: "start" });
  }
});
