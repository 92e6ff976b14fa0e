// Lethe dashboard: polls the REST API and draws what it answers. No
// framework, no build step; see docs/dashboard.md for what each number means.
"use strict";

const POLL_MS = 3000;
const AUDIT_PAGE = 25;
const numberFmt = new Intl.NumberFormat();
const state = {
  window: "1h",
  chartPolicy: "", // the chart's policy, "" for all
  overview: null,
  throughput: null,
  lastOK: 0,
  busy: new Set(), // actions in flight: "run:pastes", "pause:pastes", "clear:run/abc"
  confirm: new Map(), // tombstone key -> timer of a pending "confirm clear"
  entities: null, // GET /api/v1/entities, loaded once
  loadingEntities: false,
  preview: null, // {entity, input, result | error | queued} of the entities panel
  deleteConfirm: null, // timer of a pending "confirm delete"
  undeleteConfirm: null, // timer of a pending "confirm undelete" in the look-up panel
  undeleting: false,
  deleting: false,
  policyPreviews: new Map(), // policy -> {loading} | {result} | {error}: its next run's preview
  audit: { query: "", before: [], entries: null, next: 0, error: "", loading: false }, // the audit panel
  lookup: null, // {entity, input, result | error | loading} of the look-up panel
};

const $ = (id) => document.getElementById(id);

function esc(s) {
  return String(s ?? "").replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]);
}

function num(n) {
  return n == null ? "–" : numberFmt.format(n);
}

// compact shows numbers in full up to a million, then short: 4.5M.
function compact(n) {
  if (n == null) return "–";
  if (Math.abs(n) <= 1e6) return numberFmt.format(n);
  return new Intl.NumberFormat(undefined, { notation: "compact", maximumFractionDigits: 1 }).format(n);
}

function rel(iso) {
  if (!iso) return "never";
  const diff = (new Date(iso).getTime() - Date.now()) / 1000;
  const abs = Math.abs(diff);
  let text;
  if (abs < 5) return diff < 0 ? "just now" : "now";
  if (abs < 60) text = `${Math.round(abs)} s`;
  else if (abs < 3600) text = `${Math.round(abs / 60)} min`;
  else if (abs < 86400) text = `${(abs / 3600).toFixed(abs < 36000 ? 1 : 0)} h`;
  else text = `${(abs / 86400).toFixed(abs < 864000 ? 1 : 0)} d`;
  return diff < 0 ? `${text} ago` : `in ${text}`;
}

// goDuration turns Go's "2h0m0s" into "2 h", "1h30m0s" into "1 h 30 min".
function goDuration(d) {
  const m = /^(?:(\d+)h)?(?:(\d+)m)?(?:([\d.]+)s)?$/.exec(d || "");
  if (!m) return d || "?";
  const parts = [];
  if (+m[1]) parts.push(`${+m[1]} h`);
  if (+m[2]) parts.push(`${+m[2]} min`);
  if (+m[3]) parts.push(`${+m[3]} s`);
  return parts.join(" ") || "0 s";
}

function absTime(iso) {
  return iso ? new Date(iso).toLocaleString() : "";
}

// timeEl renders a time whose text the ticker keeps current ("12 s ago"),
// so the surrounding HTML stays the same between polls. mode "age" shows
// the bare age ("1.0 h").
function timeEl(iso, mode = "rel", fallback = "never") {
  if (!iso) return esc(fallback);
  return `<time datetime="${esc(iso)}" data-mode="${mode}" title="${esc(absTime(iso))}"></time>`;
}

function updateTimes(root) {
  for (const el of root.querySelectorAll("time[datetime]")) {
    const text = el.dataset.mode === "age" ? rel(el.getAttribute("datetime")).replace(" ago", "") : rel(el.getAttribute("datetime"));
    if (el.textContent !== text) el.textContent = text;
  }
}

// setHTML replaces el's content only when it changed: buttons keep focus and
// a click landing during a poll is not lost.
function setHTML(el, html) {
  if (el._html === html) return;
  el.innerHTML = html;
  el._html = html;
  updateTimes(el);
}

// api sends a request as every call from the dashboard does: same origin,
// and a body (when given) as JSON with Content-Type application/json.
async function api(method, path, body) {
  const init = { method, headers: { Accept: "application/json" }, credentials: "same-origin" };
  if (body !== undefined) {
    init.headers["Content-Type"] = "application/json";
    init.body = JSON.stringify(body);
  }
  const res = await fetch(path, init);
  if (res.status === 401) {
    showBanner("Authentication required: reload the page and sign in (user name and password, or any user name and the API token as password).");
    throw new Error("authentication required");
  }
  if (res.status === 204) return null;
  let answer = null;
  try { answer = await res.json(); } catch { /* empty or not JSON */ }
  if (!res.ok) throw new Error((answer && answer.error) || `${method} ${path}: HTTP ${res.status}`);
  return answer;
}

function showBanner(text) {
  const b = $("banner");
  b.textContent = text;
  b.hidden = !text;
}

function toast(html, isError) {
  const t = document.createElement("div");
  t.className = "toast" + (isError ? " error" : "");
  t.innerHTML = html;
  $("toasts").appendChild(t);
  setTimeout(() => t.remove(), isError ? 8000 : 5000);
}

// ---- polling ----

async function refresh() {
  try {
    const [ov, tp] = await Promise.all([
      api("GET", "/api/v1/overview"),
      api("GET", `/api/v1/throughput?window=${encodeURIComponent(state.window)}&policy=${encodeURIComponent(state.chartPolicy)}`),
    ]);
    state.overview = ov;
    state.throughput = tp;
    state.lastOK = Date.now();
    showBanner("");
    if (!state.entities) loadEntities();
    render();
  } catch (err) {
    setStatus("error", `Update failed: ${err.message}`);
  }
}

function setStatus(kind, text) {
  $("status").dataset.state = kind;
  $("status-text").textContent = text;
}

// tickStatus shows how old the numbers are (the server caches them for a
// few seconds, longer when counting is slow).
function tickStatus() {
  updateTimes(document);
  if (!state.lastOK || !state.overview) return;
  const age = Math.max(0, Math.round((Date.now() - new Date(state.overview.generated_at).getTime()) / 1000));
  if ($("status").dataset.state !== "error" || Date.now() - state.lastOK < 2000) {
    setStatus("live", age < 2 ? "Live · updated just now" : `Live · updated ${age} s ago`);
  }
}

// ---- rendering ----

function render() {
  const ov = state.overview;
  if (!ov) return;
  renderKPIs(ov);
  renderHealth(ov);
  renderReplica(ov.replica);
  fillPolicyOptions(ov.policies);
  renderPolicies(ov.policies);
  renderEntities(ov);
  renderTombstones(ov.tombstones);
  renderHistory(ov.history);
  renderInFlight(ov);
  renderChart(state.throughput);
  $("footer-auth").textContent = ov.auth_required ? "Signed in · actions and River UI require credentials" : "No credentials configured · loopback only";
  tickStatus();
}

// renderReplica shows a badge while deletion waits for a lagging standby.
function renderReplica(r) {
  const badge = $("replica-badge");
  badge.hidden = !(r && r.throttled);
  if (badge.hidden) return;
  const lag = r.lag_bytes > 0 ? `${r.lag_seconds.toFixed(1)} s, ${compact(r.lag_bytes)} bytes` : `${r.lag_seconds.toFixed(1)} s`;
  badge.textContent = `Replica lag: deletion paused (${r.standby || "standby"} ${lag} behind)`;
  badge.title = `Over database.max_replica_lag${r.max_lag ? " " + r.max_lag : ""}${r.max_lag_bytes ? " / " + r.max_lag_bytes + " bytes" : ""} since ${r.since}; resumes by itself`;
}

function renderKPIs(ov) {
  let backlog = 0, progress = 0, stuck = 0, hour = 0, hourBlobs = 0, day = 0, dayBlobs = 0, capped = false;
  for (const p of ov.policies) {
    backlog += p.backlog || 0;
    progress += p.in_progress || 0;
    stuck += p.stuck || 0;
    capped = capped || !!p.capped;
    hour += p.deleted.rows_last_hour; hourBlobs += p.deleted.blobs_last_hour;
    day += p.deleted.rows_last_day; dayBlobs += p.deleted.blobs_last_day;
  }
  $("kpi-backlog").textContent = compact(backlog) + (capped ? "+" : "");
  $("kpi-backlog").title = num(backlog);
  $("kpi-progress").textContent = compact(progress);
  const stuckEl = $("kpi-stuck");
  stuckEl.textContent = stuck > 0 ? `${num(stuck)} stuck` : "none stuck";
  stuckEl.classList.toggle("bad", stuck > 0);
  $("kpi-hour").textContent = compact(hour);
  $("kpi-hour").title = num(hour) + " rows";
  $("kpi-hour-blobs").textContent = `rows · ${num(hourBlobs)} blobs`;
  $("kpi-day").textContent = compact(day);
  $("kpi-day").title = num(day) + " rows";
  $("kpi-day-blobs").textContent = `rows · ${num(dayBlobs)} blobs`;
  $("kpi-tombstones").textContent = compact(ov.tombstones.count);
  $("kpi-unpurged").textContent = ov.tombstones.unpurged > 0 ? `${num(ov.tombstones.unpurged)} awaiting blob purge` : "all blobs purged";
}

function numberBox(field, label, value, opts = {}) {
  const na = value == null;
  const cls = ["number", na ? "na" : "", opts.bad && value > 0 ? "bad" : ""].join(" ");
  const shown = na ? "—" : compact(value) + (opts.capped ? "+" : "");
  return `<div class="${cls}" data-field="${field}" title="${na ? "not applicable" : esc(num(value))}">
    <span class="value">${esc(shown)}</span><span class="label">${esc(label)}</span></div>`;
}


// jobLink links to a River job that River still has, with its state; a job
// River's cleaner has removed is named without a link.
function jobLink(id, state) {
  if (state === "gone") {
    return `<span class="job gone" title="River no longer has this job">#${esc(id)} (gone from River)</span>`;
  }
  const badge = state ? ` <span class="state ${esc(state)}">${esc(state)}</span>` : "";
  return `<a href="/riverui/jobs/${esc(id)}">#${esc(id)}</a>${badge}`;
}

function riverJobLink(job) {
  return `<a class="job" href="/riverui/jobs/${job.id}" title="${esc(job.kind)} · created ${esc(absTime(job.created_at))}">#${job.id}<span class="state ${esc(job.state)}">${esc(job.state)}</span></a>`;
}

function policyCard(p) {
  const paused = p.paused;
  const kindMeta = p.kind === "tombstone"
    ? `entity <code>${esc(p.entity)}</code>`
    : `table <code>${esc(p.table)}</code>`;
  let numbers;
  if (p.kind === "expire") {
    numbers = numberBox("backlog", "backlog", p.backlog, { capped: p.capped })
      + numberBox("in_progress", "in progress", p.in_progress)
      + numberBox("stuck", `stuck > ${goDuration(p.stuck_after)}`, p.stuck, { bad: true })
      + (p.set_aside > 0 ? numberBox("set_aside", "set aside (bad blob key)", p.set_aside, { bad: true }) : "");
  } else if (p.kind === "sweep") {
    numbers = numberBox("backlog", "expired keys", p.backlog, { capped: p.capped })
      + numberBox("deleted_hour", "deleted 1 h", p.deleted.rows_last_hour)
      + numberBox("deleted_day", "deleted 24 h", p.deleted.rows_last_day);
  } else {
    const ent = (state.overview.tombstones.entities || []).find((e) => e.entity === p.entity) || {};
    const failed = p.deleted.verify_failures_last_day;
    numbers = numberBox("tombstones", "tombstones", ent.count ?? 0)
      + numberBox("unpurged", "unpurged", ent.unpurged ?? 0, { bad: false })
      + numberBox("deleted_day", "deleted 24 h", p.deleted.rows_last_day)
      + (failed > 0 ? numberBox("verify_failures", "verification failed 24 h", failed, { bad: true }) : "");
  }
  // [label, value html, wide]
  const facts = [];
  if (p.kind === "expire") {
    facts.push(["Deleted 1 h", `${num(p.deleted.rows_last_hour)} rows · ${num(p.deleted.blobs_last_hour)} blobs`, true]);
    facts.push(["Deleted 24 h", `${num(p.deleted.rows_last_day)} rows · ${num(p.deleted.blobs_last_day)} blobs`, true]);
  }
  facts.push(["Last run", timeEl(p.last_run_at)]);
  facts.push(["Next run", paused ? "paused" : timeEl(p.next_run_at, "rel", "–")]);
  if (p.kind !== "tombstone") facts.push(["Overdue", timeEl(p.oldest_expired_at, "age", "none")]);
  facts.push(["Errors 24 h", num(p.deleted.errors_last_day)]);
  if (p.kind === "tombstone") {
    const failed = p.deleted.verify_failures_last_day;
    facts.push(["Verification failed 24 h", failed > 0 ? `<span class="bad-text">${num(failed)}</span>` : "0"]);
  }

  const errors = p.errors.length
    ? `<ul class="errors">${p.errors.slice(0, 3).map((e) => `<li><span class="when">${timeEl(e.at)} · ${esc(e.action)}${e.job_id ? ` · ${jobLink(e.job_id, e.job_state)}` : ""}</span>${esc(e.message)}</li>`).join("")}</ul>`
    : `<div class="no-errors">✓ No recent errors</div>`;
  const countError = p.count_error ? `<div class="count-error">Counts unavailable: ${esc(p.count_error)}</div>` : "";
  const jobs = p.jobs.length
    ? `<div class="jobs">${p.jobs.map(riverJobLink).join("")}</div>`
    : `<div class="muted">No jobs yet</div>`;
  // River UI's list opens on running jobs unless told a state: completed is where a kind's jobs stay.
  const kinds = p.job_kinds.map((k) => `<a href="${esc(riverUIList("completed", [k]))}" title="${esc(k)} jobs completed, in River UI">${esc(k)} ↗</a>`).join("");
  const runBusy = state.busy.has("run:" + p.name);
  const canPreview = p.kind === "expire" || p.kind === "sweep";
  const pauseBusy = state.busy.has("pause:" + p.name);

  return `<article class="card${paused ? " paused" : ""}" data-policy="${esc(p.name)}" data-kind="${esc(p.kind)}" data-paused="${paused}">
    <div class="card-head">
      <div>
        <div class="card-title"><h3>${esc(p.name)}</h3><span class="badge ${esc(p.kind)}">${esc(p.kind)}</span>${healthBadge(p)}
          ${paused ? `<span class="badge paused" data-field="paused">Paused</span>` : `<span class="badge running" data-field="active">Active</span>`}</div>
        <div class="card-meta">${kindMeta} · <code>${esc(p.schedule)}</code>${overrideBadge(p)}</div>
      </div>
    </div>
    ${countError}
    <div class="numbers">${numbers}</div>
    <dl class="facts">${facts.map(([k, v, wide]) => `<div${wide ? ` class="wide"` : ""}><dt>${esc(k)}</dt><dd>${v}</dd></div>`).join("")}</dl>
    ${progressBlock(p)}
    ${healthBlock(p)}
    <div><div class="sub-title">Recent errors</div>${errors}</div>
    ${failedBlock(p)}
    <div><div class="sub-title">Recent jobs</div>${jobs}</div>
    ${canPreview ? policyPreviewBlock(p.name) : ""}
    <div class="actions">
      <button type="button" class="primary" data-action="run" data-policy="${esc(p.name)}" ${paused || runBusy ? "disabled" : ""} title="${paused ? "Resume the policy to run it" : "Insert this policy's jobs now"}">▶ Run now</button>
      <button type="button" data-action="${paused ? "resume" : "pause"}" data-policy="${esc(p.name)}" ${pauseBusy ? "disabled" : ""}>${paused ? "Resume" : "Pause"}</button>
      ${canPreview ? `<button type="button" data-action="preview" data-policy="${esc(p.name)}" title="What the next run would delete">Preview</button>` : ""}
      <button type="button" data-action="edit" data-policy="${esc(p.name)}" title="Change the schedule and tuning at run time">Edit</button>
      <span class="kinds">${kinds}</span>
    </div>
  </article>`;
}

// policyPreviewBlock shows what a policy's next run would delete, once its
// Preview button was pressed.
function policyPreviewBlock(name) {
  const st = state.policyPreviews.get(name);
  if (!st) return "";
  let body;
  if (st.loading) {
    body = `<div class="muted">Counting…</div>`;
  } else if (st.error) {
    body = `<div class="count-error">${esc(st.error)}</div>`;
  } else {
    const p = st.result;
    const count = p.capped ? `more than ${num(p.cap)}` : num(p.rows);
    const runNote = p.run_limit != null && p.capped && p.rows > p.run_limit
      ? ` · the next run deletes at most ${num(p.run_limit)}, later runs the rest` : "";
    const oldest = p.oldest_expires_at ? ` · oldest expired ${timeEl(p.oldest_expires_at, "age")} ago` : "";
    const parts = p.partitions && p.partitions.length
      ? `<div class="muted">Partitions dropped: ${p.partitions.map((n) => `<code>${esc(n)}</code>`).join(", ")}</div>` : "";
    const keys = p.keys.length
      ? `<div class="preview-keys">${p.keys.map((k) => `<code>${esc(k)}</code>`).join("")}${p.rows > p.keys.length ? `<span class="muted">…</span>` : ""}</div>` : "";
    body = `<div><strong data-field="preview-rows">${count}</strong> rows due${oldest}${runNote}</div>${parts}${keys}`;
  }
  return `<div class="policy-preview" data-field="preview"><div class="sub-title">Next run would delete
    <button type="button" class="link" data-action="close-preview" data-policy="${esc(name)}" aria-label="Hide the preview">✕</button></div>${body}</div>`;
}

async function previewPolicy(name) {
  state.policyPreviews.set(name, { loading: true });
  render();
  try {
    const res = await api("GET", `/api/v1/policies/${encodeURIComponent(name)}/preview`);
    state.policyPreviews.set(name, { result: res.preview });
  } catch (err) {
    state.policyPreviews.set(name, { error: err.message });
  }
  render();
}

// fillPolicyOptions adds the configured policies to the chart's and the
// audit's policy selectors, once.
function fillPolicyOptions(policies) {
  for (const id of ["chart-policy", "audit-policy"]) {
    const sel = $(id);
    if (sel.options.length > 1) continue;
    for (const p of policies) sel.add(new Option(`${p.name} (${p.kind})`, p.name));
  }
}

function renderPolicies(policies) {
  const el = $("policies");
  setHTML(el, policies.length ? healthCardsShown(policies).map(policyCard).join("") : `<div class="panel muted">No policies configured.</div>`);
}

function renderTombstones(t) {
  $("tomb-count").textContent = num(t.count);
  $("tomb-unpurged").textContent = num(t.unpurged);
  setHTML($("tomb-oldest"), timeEl(t.oldest_at, "age", "–"));
  const rows = t.recent.map((r) => {
    const id = `${r.entity}/${r.key}`;
    const confirming = state.confirm.has(id);
    const busy = state.busy.has("clear:" + id);
    // A hashed key (privacy.key_display: hash) cannot name the tombstone to clear.
    const clearable = state.overview.key_display !== "hash" && (r.entity === "run" || !!entityInfo(r.entity));
    return `<tr data-tombstone="${esc(id)}">
      <td>${esc(r.entity)}</td>
      <td class="key">${esc(r.key)}</td>
      <td class="nowrap">${timeEl(r.deleted_at)}</td>
      <td>${r.purged_at ? `<span class="pill ok" title="${esc(absTime(r.purged_at))}">purged</span>` : `<span class="pill wait">pending</span>`}</td>
      <td class="right">${clearable ? `<button type="button" class="danger${confirming ? " confirm" : ""}" data-action="clear" data-entity="${esc(r.entity)}" data-key="${esc(r.key)}" ${busy ? "disabled" : ""}>${confirming ? "Confirm clear" : "Clear"}</button>` : ""}</td>
    </tr>`;
  });
  setHTML($("tomb-rows"), rows.length ? rows.join("") : `<tr class="empty-row"><td colspan="5">No tombstones</td></tr>`);
}

// bytes shows a size in binary units: 8 KiB, 1.5 GiB.
function bytes(n) {
  if (n == null) return "–";
  const units = ["B", "KiB", "MiB", "GiB", "TiB"];
  let i = 0;
  while (n >= 1024 && i < units.length - 1) { n /= 1024; i++; }
  return `${i ? n.toFixed(n < 10 ? 1 : 0) : n} ${units[i]}`;
}

// renderHistory lists the size of Lethe's own tables and how the audit is
// kept bounded.
function renderHistory(h) {
  if (!h) return;
  const days = /^(\d+)h0m0s$/.exec(h.retain || "");
  const kept = days && +days[1] % 24 === 0 ? `${+days[1] / 24} days` : goDuration(h.retain);
  $("history-policy").textContent = `Audit kept ${kept}, at most ${num(h.max_rows)} entries; pruned ${h.schedule}`;
  const rows = (h.tables || []).map((t) => `<tr>
      <td class="key">${esc(t.table)}</td>
      <td class="right" title="${t.rows_estimated ? "estimate" : "exact"}">${t.rows_estimated ? "≈ " : ""}${compact(t.rows)}</td>
      <td class="right" title="${num(t.bytes)} bytes">${bytes(t.bytes)}</td>
    </tr>`);
  const empty = h.error ? `Sizes unavailable: ${esc(h.error)}` : "No tables";
  setHTML($("history-rows"), rows.length ? rows.join("") : `<tr class="empty-row"><td colspan="3">${empty}</td></tr>`);
}

// ---- entities ----

async function loadEntities() {
  if (state.loadingEntities) return;
  state.loadingEntities = true;
  try {
    state.entities = (await api("GET", "/api/v1/entities")).entities;
  } catch {
    return; // the next poll tries again
  } finally {
    state.loadingEntities = false;
  }
  $("entity-select").innerHTML = state.entities.map((e) => `<option value="${esc(e.name)}">${esc(e.name)}</option>`).join("");
  $("lookup-entity").innerHTML = $("entity-select").innerHTML;
  $("lookup-form").hidden = state.entities.length === 0;
  $("audit-entity").innerHTML = `<option value="">All</option>` + $("entity-select").innerHTML;
  $("entity-form").hidden = state.entities.length === 0;
  keyPlaceholder();
  render();
}

function entityInfo(name) {
  return (state.entities || []).find((e) => e.name === name);
}

function keyPlaceholder() {
  const e = entityInfo($("entity-select").value);
  $("entity-key").placeholder = e ? `${e.table}.${e.key_column}${e.key_type ? ` (${e.key_type})` : ""}` : "key";
}

// renderEntities draws one card per declared entity, with its tombstones
// and the verifications after its purges that failed in the last day.
function renderEntities(ov) {
  if (!state.entities) return;
  if (!state.entities.length) {
    setHTML($("entity-list"), `<div class="muted">No entities declared.</div>`);
    return;
  }
  const selected = $("entity-select").value;
  setHTML($("entity-list"), state.entities.map((e) => {
    const policy = ov.policies.find((p) => p.name === e.policy);
    const tomb = (ov.tombstones.entities || []).find((t) => t.entity === e.name) || {};
    const failed = policy ? policy.deleted.verify_failures_last_day : 0;
    const verify = failed > 0
      ? `<span class="pill bad" data-field="verify_failures" title="verify_entity audit entries with outcome error">${num(failed)} verification${failed === 1 ? "" : "s"} failed 24 h</span>`
      : `<span class="pill ok" data-field="verify_failures">no failed verification 24 h</span>`;
    const blobs = e.blob_prefix ? `blobs <code>${esc(e.blob_prefix)}</code>` : "no blobs";
    return `<article class="entity-card${e.name === selected ? " selected" : ""}" data-entity="${esc(e.name)}">
      <div class="card-title"><h3>${esc(e.name)}</h3>${e.policy ? `<span class="badge tombstone">${esc(e.policy)}</span>` : ""}</div>
      <div class="card-meta"><code>${esc(e.table)}.${esc(e.key_column)}</code>${e.key_type ? ` ${esc(e.key_type)}` : ""} · ${num(e.tables.length)} tables · ${blobs}</div>
      ${e.error ? `<div class="count-error">${esc(e.error)}</div>` : ""}
      <div class="entity-pills"><span class="pill" data-field="tombstones">${num(tomb.count ?? 0)} tombstones</span>${verify}</div>
    </article>`;
  }).join(""));
}

// forgetPreview drops the preview when the form no longer says what it
// previewed: Delete is only offered for what was just previewed.
function forgetPreview() {
  const pv = state.preview;
  if (pv && !pv.queued && pv.entity === $("entity-select").value && pv.input === $("entity-key").value.trim()) return;
  state.preview = null;
  cancelDeleteConfirm();
  renderPreview();
}

function cancelDeleteConfirm() {
  clearTimeout(state.deleteConfirm);
  state.deleteConfirm = null;
}

function renderPreview() {
  const el = $("entity-result");
  const del = $("entity-delete");
  const pv = state.preview;
  del.hidden = true;
  if (!pv) { el.innerHTML = ""; return; }
  if (pv.error) {
    el.innerHTML = `<div class="count-error" data-field="preview-error">${esc(pv.error)}</div>`;
    return;
  }
  if (pv.queued) {
    const q = pv.queued;
    el.innerHTML = `<div class="queued" data-field="queued">Deletion of ${esc(q.entity)} <code>${esc(q.key)}</code> queued as job
      <a href="/riverui/jobs/${q.job_id}">#${q.job_id}</a>. Preview again to see what is left.</div>`;
    return;
  }
  const p = pv.result;
  const info = entityInfo(p.entity) || { table: "", tables: Object.keys(p.rows) };
  const exists = (p.rows[info.table] || 0) > 0;
  let status;
  if (p.tombstone_state === "deleting") status = `<span class="pill wait" data-field="deleting">being deleted: tombstoned, not finished (a retry finishes it)</span>`;
  else if (p.tombstoned) status = `<span class="pill wait">deleted: tombstoned${p.total_rows || p.blobs ? ", something is left" : ""}</span>`;
  else if (exists) status = `<span class="pill">dry run: nothing deleted yet</span>`;
  else status = `<span class="pill" data-field="not-found">no ${esc(p.entity)} with this key: nothing to delete</span>`;
  const rows = info.tables.map((t) => `<tr data-table="${esc(t)}"><td><code>${esc(t)}</code></td><td class="right">${num(p.rows[t] ?? 0)}</td></tr>`).join("");
  const sample = p.blob_sample.slice(0, 5).map((k) => `<li><code>${esc(k)}</code></li>`).join("")
    + (p.blobs > 5 ? `<li class="muted">…and ${num(p.blobs - Math.min(5, p.blob_sample.length))} more</li>` : "");
  const blobs = p.blob_prefix
    ? `<div class="preview-blobs"><strong data-field="blobs">${num(p.blobs)}</strong> blob${p.blobs === 1 ? "" : "s"} under <code>${esc(p.blob_prefix)}</code>${sample ? `<ul>${sample}</ul>` : ""}</div>`
    : `<div class="preview-blobs muted">The entity declares no blob prefix.</div>`;
  // The trial: the deletion's statements run and rolled back.
  const tr = p.trial;
  let trial = "";
  if (tr && tr.failure) {
    const f = tr.failure;
    trial = `<div class="count-error" data-field="trial-failure">Trial: the delete from <code>${esc(f.table)}</code> fails: ${esc(f.message)}${f.sqlstate ? ` (SQLSTATE ${esc(f.sqlstate)})` : ""}</div>`;
  } else if (tr) {
    const changed = Object.entries(tr.tables).filter(([, c]) => c.deleted || c.nulled);
    const deleted = changed.reduce((n, [, c]) => n + c.deleted, 0);
    const nulled = changed.reduce((n, [, c]) => n + c.nulled, 0);
    trial = `<div class="muted" data-field="trial">Trial (rolled back): the database deletes ${num(deleted)} rows and sets ${num(nulled)} to NULL, cascades included.</div>`;
  }
  if (tr && tr.warnings.length) {
    trial += `<ul class="preview-warnings" data-field="trial-warnings">${tr.warnings.map((w) => `<li>${esc(w)}</li>`).join("")}</ul>`;
  }
  el.innerHTML = `<div class="preview" data-entity="${esc(p.entity)}" data-key="${esc(p.key)}">
    <div class="preview-head"><span><strong>${esc(p.entity)}</strong> <code class="key">${esc(p.key)}</code></span>${status}</div>
    <div class="table-wrap"><table class="preview-table">
      <thead><tr><th>Table</th><th class="right">Rows</th></tr></thead>
      <tbody>${rows}</tbody>
      <tfoot><tr><th>Total</th><th class="right" data-field="total_rows">${num(p.total_rows)}</th></tr></tfoot>
    </table></div>
    ${blobs}
    ${trial}
  </div>`;
  if (exists || p.tombstoned) {
    const confirming = !!state.deleteConfirm;
    del.hidden = false;
    del.disabled = state.deleting;
    del.classList.toggle("confirm", confirming);
    del.textContent = confirming ? "Confirm delete" : exists ? "Delete" : "Delete again";
  }
}

async function onPreview(ev) {
  ev.preventDefault();
  const entity = $("entity-select").value;
  const key = $("entity-key").value.trim();
  if (!entity) return;
  cancelDeleteConfirm();
  if (!key || key === "." || key === "..") {
    state.preview = { entity, input: key, error: key ? `key ${key} is not allowed` : "Type the key of the entity to preview." };
    renderPreview();
    $("entity-key").focus();
    return;
  }
  $("entity-preview").disabled = true;
  try {
    const result = await api("GET", `/api/v1/entities/${encodeURIComponent(entity)}/${encodeURIComponent(key)}/preview`);
    state.preview = { entity, input: key, result };
  } catch (err) {
    state.preview = { entity, input: key, error: err.message };
  } finally {
    $("entity-preview").disabled = false;
  }
  // The form may have changed while the preview was on its way.
  if ($("entity-select").value !== entity || $("entity-key").value.trim() !== key) state.preview = null;
  renderPreview();
}

async function onDelete() {
  const pv = state.preview;
  if (!pv || !pv.result || state.deleting) return;
  if (!state.deleteConfirm) {
    // Deleting cannot be undone: ask for a second click.
    state.deleteConfirm = setTimeout(() => { state.deleteConfirm = null; renderPreview(); }, 4000);
    renderPreview();
    return;
  }
  cancelDeleteConfirm();
  const { entity, key } = pv.result; // the canonical key the preview answered
  state.deleting = true;
  renderPreview();
  try {
    const res = await api("DELETE", `/api/v1/entities/${encodeURIComponent(entity)}/${encodeURIComponent(key)}`);
    state.preview = { entity, input: pv.input, queued: res };
    toast(`Deleting ${esc(entity)} ${esc(key)}: job <a href="/riverui/jobs/${res.job_id}">#${res.job_id}</a>`);
  } catch (err) {
    toast(esc(err.message), true);
  } finally {
    state.deleting = false;
    renderPreview();
    refresh();
  }
}

function onEntityCard(ev) {
  const card = ev.target.closest("[data-entity]");
  if (!card || ev.target.closest("a")) return;
  $("entity-select").value = card.dataset.entity;
  $("entity-select").dispatchEvent(new Event("change"));
  $("entity-key").focus();
}

// ---- look up ----

const LOOKUP_STATES = {
  live: ["Live", ""],
  absent: ["No such entity", ""],
  queued: ["Queued for deletion", "wait"],
  deleting: ["Being deleted", "wait"],
  deleted: ["Deleted", "ok"],
};

async function onLookup(ev) {
  ev.preventDefault();
  const entity = $("lookup-entity").value;
  const key = $("lookup-key").value.trim();
  if (!entity) return;
  if (!key) {
    state.lookup = { entity, input: key, error: "Type the key of the entity to look up." };
    renderLookup();
    $("lookup-key").focus();
    return;
  }
  state.lookup = { entity, input: key, loading: true };
  renderLookup();
  $("lookup-search").disabled = true;
  try {
    const result = await api("GET", `/api/v1/entities/${encodeURIComponent(entity)}/${encodeURIComponent(key)}/status`);
    state.lookup = { entity, input: key, result };
  } catch (err) {
    state.lookup = { entity, input: key, error: err.message };
  } finally {
    $("lookup-search").disabled = false;
  }
  renderLookup();
}

// countsTable lists rows per table in the entity's table order.
function countsTable(entity, rows, total, label) {
  const info = entityInfo(entity);
  const tables = info ? info.tables.filter((t) => t in rows).concat(Object.keys(rows).filter((t) => !info.tables.includes(t))) : Object.keys(rows);
  if (!tables.length) return "";
  return `<div class="table-wrap"><table class="preview-table" data-field="lookup-rows">
    <thead><tr><th>Table</th><th class="right">${esc(label)}</th></tr></thead>
    <tbody>${tables.map((t) => `<tr data-table="${esc(t)}"><td><code>${esc(t)}</code></td><td class="right">${num(rows[t])}</td></tr>`).join("")}</tbody>
    <tfoot><tr><th>Total</th><th class="right">${num(total)}</th></tr></tfoot>
  </table></div>`;
}

function whenEl(iso) {
  return iso ? `${esc(absTime(iso))} <span class="muted">(${timeEl(iso)})</span>` : "–";
}

function renderLookup() {
  const el = $("lookup-result");
  const lk = state.lookup;
  if (!lk) { el.innerHTML = ""; return; }
  if (lk.loading) { el.innerHTML = `<div class="muted">Looking up…</div>`; return; }
  if (lk.error) { el.innerHTML = `<div class="count-error" data-field="lookup-error">${esc(lk.error)}</div>`; return; }
  const st = lk.result;
  const [label, tone] = LOOKUP_STATES[st.state] || [st.state, ""];
  const facts = []; // [label, html, field]
  let table = "";
  const job = st.job;
  if (job && st.state !== "deleted") {
    facts.push(["Job", `${jobLink(job.id, job.state)} · attempt ${num(job.attempt)} of ${num(job.max_attempts)} · created ${timeEl(job.created_at)}`, "job"]);
    if (job.waiting_on) facts.push(["Waiting on", `${esc(job.waiting_on)}${job.waiting_since ? ` <span class="muted">since ${timeEl(job.waiting_since)}</span>` : ""}`, "waiting_on"]);
    if (job.errors.length) {
      facts.push(["Failed attempts", `<ul class="errors">${job.errors.slice(-3).map((e) => `<li><span class="when">attempt ${num(e.attempt)} · ${timeEl(e.at)}</span>${esc(e.error)}</li>`).join("")}</ul>`, "errors"]);
    }
  }
  if (st.progress && st.progress.rows_in_chunks) {
    const done = Object.values(st.progress.rows_in_chunks).reduce((a, b) => a + b, 0);
    facts.push(["Chunks so far", `${num(done)} rows deleted before the last failure`, "chunks"]);
  }
  const d = st.deletion;
  if (d) {
    const by = d.requested_by;
    const who = by.source === "api" ? `credential ${esc(by.credential)} (role ${esc(by.role)}) through the API`
      : by.source === "cli" ? "the command line (<code>lethe delete</code>)"
        : by.source === "river" ? "a job inserted by SQL or another River client" : "unknown: River no longer has the job";
    facts.push(["Requested", whenEl(d.requested_at), "requested_at"]);
    facts.push(["Requested by", who, "requested_by"]);
    facts.push(["Deleted", whenEl(d.finished_at), "deleted_at"]);
    facts.push(["Rows deleted", `${num(d.total_rows)}${Object.keys(d.rows_nulled || {}).length ? ` · ${num(Object.values(d.rows_nulled).reduce((a, b) => a + b, 0))} set to NULL` : ""}`, "rows"]);
    facts.push(["Blobs purged", `${num(d.blobs.purged)}${d.blobs.purges ? ` <span class="muted">(${num(d.blobs.purges)} purge${d.blobs.purges === 1 ? "" : "s"}, last ${esc(d.blobs.last_outcome)})</span>` : st.restorable_until ? " <span class=\"muted\">(kept until the restore window ends)</span>" : " <span class=\"muted\">(no purge yet)</span>"}`, "blobs"]);
    const v = d.verification;
    facts.push(["Verification", !v ? `<span class="pill wait">not yet</span>`
      : v.verified ? `<span class="pill ok">verified</span> ${whenEl(v.at)}<div class="muted">${esc(v.checked.description)}</div>`
        : `<span class="pill bad">failed</span> ${whenEl(v.at)}<div class="count-error">${esc(v.error)}</div>`, "verification"]);
    if (d.job_ids.length) facts.push(["Jobs", d.job_ids.map((id) => `<a href="/riverui/jobs/${id}">#${id}</a>`).join(", "), "jobs"]);
    table = countsTable(st.entity, d.rows, d.total_rows, "Rows deleted");
  } else if (st.rows) {
    table = countsTable(st.entity, st.rows, st.total_rows, st.state === "deleting" ? "Rows left" : "Rows");
  }
  const ts = st.tombstone;
  facts.push(["Tombstone", ts ? `${esc(ts.state)} since ${whenEl(ts.deleted_at)}${ts.purged_at ? ` · blobs purged ${timeEl(ts.purged_at)}` : " · blobs not purged yet"}` : "none", "tombstone"]);
  facts.push(["Held", `<span class="muted" title="Reserved: legal holds do not exist yet">–</span>`, "held"]);
  facts.push(["Restorable until", st.restorable_until ? `${whenEl(st.restorable_until)} <span class="muted">· rows captured, blobs kept until then</span>`
    : st.unrecoverable_since ? `unrecoverable since ${whenEl(st.unrecoverable_since)}`
      : `<span class="muted" title="The entity declares no restore_window, or this deletion was not captured">–</span>`, "restorable_until"]);
  const path = `/api/v1/entities/${encodeURIComponent(lk.entity)}/${encodeURIComponent(lk.input)}`;
  const actions = [];
  if (st.state === "deleted") {
    actions.push(`<a class="link-button primary" id="lookup-receipt" href="${esc(path)}/receipt" download="lethe-receipt-${esc(st.entity)}-${esc(st.key_sha256.slice(0, 16))}.json">Download receipt</a>`);
  }
  if (st.state === "deleted" && st.restorable_until) {
    const confirming = !!state.undeleteConfirm;
    actions.push(`<button type="button" id="lookup-undelete" class="danger${confirming ? " confirm" : ""}" ${state.undeleting ? "disabled" : ""}>${confirming ? "Confirm undelete" : "Undelete"}</button>`);
  }
  actions.push(`<button type="button" id="lookup-audit">Show in audit</button>`);
  el.innerHTML = `<div class="preview lookup" data-state="${esc(st.state)}">
    <div class="preview-head"><span><strong>${esc(st.entity)}</strong> <code class="key">${esc(st.key)}</code></span><span class="pill ${tone}" data-field="state">${esc(label)}</span></div>
    <div class="lookup-summary" data-field="summary">${esc(st.summary)}</div>
    <dl class="facts lookup-facts">${facts.map(([k, v, f]) => `<div data-field="${f}"><dt>${esc(k)}</dt><dd>${v}</dd></div>`).join("")}</dl>
    ${table}
    <div class="actions">${actions.join("")}</div>
  </div>`;
  updateTimes(el);
}

// onLookupUndelete undoes the looked-up deletion after a second click,
// then looks the entity up again.
async function onLookupUndelete(ev) {
  const lk = state.lookup;
  if (!ev.target.closest("#lookup-undelete") || !lk || !lk.result || state.undeleting) return;
  if (!state.undeleteConfirm) {
    // Undeleting writes the entity's rows back: ask for a second click.
    state.undeleteConfirm = setTimeout(() => { state.undeleteConfirm = null; renderLookup(); }, 4000);
    renderLookup();
    return;
  }
  clearTimeout(state.undeleteConfirm);
  state.undeleteConfirm = null;
  state.undeleting = true;
  renderLookup();
  const { entity, input } = lk;
  try {
    const res = await api("POST", `/api/v1/entities/${encodeURIComponent(entity)}/${encodeURIComponent(input)}/undelete`);
    const rows = Object.values(res.rows || {}).reduce((a, b) => a + b, 0);
    toast(`${esc(entity)} ${esc(lk.result.key)} undeleted: ${num(rows)} rows back`);
    state.lookup = { entity, input, result: await api("GET", `/api/v1/entities/${encodeURIComponent(entity)}/${encodeURIComponent(input)}/status`) };
  } catch (err) {
    toast(esc(err.message), true);
  } finally {
    state.undeleting = false;
    renderLookup();
  }
}

// onLookupAudit searches the audit for the looked-up entity and key.
function onLookupAudit(ev) {
  if (!ev.target.closest("#lookup-audit") || !state.lookup) return;
  $("audit-entity").value = state.lookup.entity;
  $("audit-key").value = state.lookup.input;
  for (const name of ["policy", "action", "outcome", "since", "until"]) $("audit-" + name).value = "";
  $("audit-form").requestSubmit();
  $("audit-panel").scrollIntoView({ behavior: "smooth", block: "start" });
}

// ---- chart ----

function niceMax(v) {
  if (v <= 0) return 4;
  const exp = Math.pow(10, Math.floor(Math.log10(v)));
  for (const m of [1, 2, 2.5, 5, 10]) if (m * exp >= v) return m * exp;
  return 10 * exp;
}

function renderChart(tp) {
  const svg = $("chart");
  if (!tp) return;
  $("legend-rows").textContent = num(tp.rows);
  $("legend-blobs").textContent = num(tp.blobs);
  const bucket = tp.bucket_seconds >= 3600 ? `${tp.bucket_seconds / 3600} h` : `${tp.bucket_seconds / 60} min`;
  $("chart-summary").textContent = `Rows and blobs deleted per ${bucket}, from the deletion audit`;

  const W = svg.clientWidth || 800, H = svg.clientHeight || 220;
  const pad = { l: 44, r: 8, t: 10, b: 24 };
  const pts = tp.points;
  svg.setAttribute("viewBox", `0 0 ${W} ${H}`);
  if (!pts.length) { svg.innerHTML = ""; return; }
  const max = niceMax(Math.max(...pts.map((p) => Math.max(p.rows, p.blobs))));
  const x = (i) => pad.l + (pts.length === 1 ? 0 : (i / (pts.length - 1)) * (W - pad.l - pad.r));
  const y = (v) => pad.t + (1 - v / max) * (H - pad.t - pad.b);

  let out = "";
  for (let k = 0; k <= 4; k++) {
    const v = (max / 4) * k;
    out += `<line class="grid" x1="${pad.l}" x2="${W - pad.r}" y1="${y(v)}" y2="${y(v)}"/>`;
    out += `<text class="axis" x="${pad.l - 6}" y="${y(v) + 4}" text-anchor="end">${esc(compact(v))}</text>`;
  }
  const ticks = W < 500 ? 3 : 6;
  for (let k = 0; k <= ticks; k++) {
    const i = Math.round((k / ticks) * (pts.length - 1));
    const d = new Date(pts[i].at);
    const label = tp.window === "7d" ? d.toLocaleDateString(undefined, { weekday: "short", hour: "2-digit" }) : d.toLocaleTimeString(undefined, { hour: "2-digit", minute: "2-digit" });
    out += `<text class="axis" x="${x(i)}" y="${H - 6}" text-anchor="${k === 0 ? "start" : k === ticks ? "end" : "middle"}">${esc(label)}</text>`;
  }
  const line = (key) => pts.map((p, i) => `${i ? "L" : "M"}${x(i).toFixed(1)},${y(p[key]).toFixed(1)}`).join("");
  out += `<path class="area-rows" d="${line("rows")}L${x(pts.length - 1)},${y(0)}L${x(0)},${y(0)}Z"/>`;
  out += `<path class="line-rows" d="${line("rows")}"/>`;
  out += `<path class="line-blobs" d="${line("blobs")}"/>`;
  if (tp.rows === 0 && tp.blobs === 0) {
    out += `<text class="empty" x="${(W + pad.l) / 2}" y="${H / 2}" text-anchor="middle">Nothing deleted in this window yet</text>`;
  }
  out += `<line class="cursor" id="cursor" x1="0" x2="0" y1="${pad.t}" y2="${H - pad.b}" visibility="hidden"/>`;
  svg.innerHTML = out;
  svg.onmousemove = (ev) => {
    const rect = svg.getBoundingClientRect();
    const px = ev.clientX - rect.left;
    const i = Math.max(0, Math.min(pts.length - 1, Math.round(((px - pad.l) / (W - pad.l - pad.r)) * (pts.length - 1))));
    const p = pts[i];
    const cur = $("cursor");
    cur.setAttribute("x1", x(i)); cur.setAttribute("x2", x(i)); cur.setAttribute("visibility", "visible");
    const tip = $("tooltip");
    tip.hidden = false;
    tip.innerHTML = `${esc(new Date(p.at).toLocaleString())}<br><strong>${num(p.rows)}</strong> rows · <strong>${num(p.blobs)}</strong> blobs${p.errors ? ` · ${num(p.errors)} errors` : ""}`;
    tip.style.left = `${Math.min(Math.max(0, x(i) - tip.offsetWidth / 2), W - tip.offsetWidth)}px`;
  };
  svg.onmouseleave = () => { $("tooltip").hidden = true; const c = $("cursor"); if (c) c.setAttribute("visibility", "hidden"); };
}

// ---- actions ----

async function act(key, fn) {
  state.busy.add(key);
  render();
  try {
    await fn();
  } catch (err) {
    toast(esc(err.message), true);
  } finally {
    state.busy.delete(key);
    await refresh();
  }
}

function onClick(ev) {
  const btn = ev.target.closest("button[data-action]");
  if (!btn || btn.disabled) return;
  const { action, policy } = btn.dataset;
  if (action === "run") {
    act("run:" + policy, async () => {
      const res = await api("POST", `/api/v1/policies/${encodeURIComponent(policy)}/run`);
      const links = (res.job_ids || []).map((id) => `<a href="/riverui/jobs/${id}">#${id}</a>`).join(", ");
      toast(`Started ${esc(policy)}: ${links || "no jobs"}`);
    });
  } else if (action === "pause" || action === "resume") {
    act("pause:" + policy, async () => {
      await api("POST", `/api/v1/policies/${encodeURIComponent(policy)}/${action}`);
      toast(`${esc(policy)} ${action === "pause" ? "paused" : "resumed"}`);
    });
  } else if (action === "preview") {
    previewPolicy(policy);
  } else if (action === "close-preview") {
    state.policyPreviews.delete(policy);
    render();
  } else if (action === "clear") {
    const { entity, key } = btn.dataset;
    const id = `${entity}/${key}`;
    if (!state.confirm.has(id)) {
      // Clearing lets the entity be written again: ask for a second click.
      state.confirm.set(id, setTimeout(() => { state.confirm.delete(id); render(); }, 4000));
      render();
      return;
    }
    clearTimeout(state.confirm.get(id));
    state.confirm.delete(id);
    act("clear:" + id, async () => {
      await api("POST", entity === "run"
        ? `/api/v1/runs/${encodeURIComponent(key)}/clear-tombstone/`
        : `/api/v1/entities/${encodeURIComponent(entity)}/${encodeURIComponent(key)}/clear-tombstone`);
      toast(`Tombstone of ${esc(entity)} ${esc(key)} cleared`);
    });
  }
}

// ---- audit ----

// auditQuery builds the audit search's query string from the form; times
// are the browser's local time, sent in RFC 3339.
function auditQuery() {
  const q = new URLSearchParams();
  for (const name of ["policy", "action", "outcome", "entity", "key"]) {
    const v = $("audit-" + name).value.trim();
    if (v) q.set(name, v);
  }
  for (const name of ["since", "until"]) {
    const v = $("audit-" + name).value;
    if (v) q.set(name, new Date(v).toISOString());
  }
  return q;
}

async function loadAudit() {
  const a = state.audit;
  const q = new URLSearchParams(a.query);
  q.set("limit", String(AUDIT_PAGE));
  const before = a.before[a.before.length - 1];
  if (before) q.set("before", String(before));
  a.loading = true;
  renderAudit();
  try {
    const res = await api("GET", `/api/v1/audit?${q}`);
    a.entries = res.audit;
    a.next = res.next_before || 0;
    a.error = "";
  } catch (err) {
    a.entries = [];
    a.next = 0;
    a.error = err.message;
  }
  a.loading = false;
  renderAudit();
}

function renderAudit() {
  const a = state.audit;
  const csv = new URLSearchParams(a.query);
  csv.set("format", "csv");
  csv.set("limit", "1000");
  $("audit-csv").href = `/api/v1/audit?${csv}`;
  $("audit-newest").disabled = a.loading || a.before.length === 0;
  $("audit-older").disabled = a.loading || !a.next;
  const page = a.before.length + 1;
  $("audit-status").textContent = a.error ? `Search failed: ${a.error}`
    : a.loading ? "Searching…"
      : a.entries ? `Page ${page} · ${num(a.entries.length)} ${a.entries.length === 1 ? "entry" : "entries"}${a.next ? " · more are older" : ""}` : "";
  $("audit-status").classList.toggle("bad-text", !!a.error);
  if (!a.entries) return;
  setHTML($("audit-rows"), a.entries.length
    ? a.entries.map((e) => `<tr data-audit-id="${e.id}">
        <td title="${esc(absTime(e.finished_at))}">${timeEl(e.finished_at)}</td>
        <td>${esc(e.policy)}</td>
        <td><code>${esc(e.action)}</code>${e.detail && e.detail.by ? ` <span class="muted">by ${esc(e.detail.by)}</span>` : ""}${e.detail && e.detail.entity && e.detail.key ? ` <span class="muted audit-key" data-field="audit-key">${esc(e.detail.entity)} ${esc(e.detail.key)}</span>` : ""}</td>
        <td><span class="pill ${e.outcome === "ok" ? "ok" : e.outcome === "error" ? "bad" : "wait"}">${esc(e.outcome)}</span></td>
        <td class="right">${num(e.rows_deleted)}</td>
        <td class="right">${num(e.blobs_deleted)}</td>
        <td>${e.job_id ? jobLink(e.job_id, e.job_state) : ""}</td>
        <td class="audit-error">${esc(e.error || "")}</td>
      </tr>`).join("")
    : `<tr class="empty-row"><td colspan="8">No audit entries match</td></tr>`);
}

function onAuditSearch(ev) {
  ev.preventDefault();
  state.audit.query = auditQuery().toString();
  state.audit.before = [];
  loadAudit();
}

function onWindow(ev) {
  const btn = ev.target.closest("button[data-window]");
  if (!btn) return;
  state.window = btn.dataset.window;
  for (const b of document.querySelectorAll("#windows button")) b.setAttribute("aria-pressed", String(b === btn));
  refresh();
}

document.addEventListener("DOMContentLoaded", () => {
  document.body.addEventListener("click", onClick);
  $("windows").addEventListener("click", onWindow);
  $("chart-policy").addEventListener("change", (ev) => { state.chartPolicy = ev.target.value; refresh(); });
  $("audit-form").addEventListener("submit", onAuditSearch);
  $("audit-older").addEventListener("click", () => { state.audit.before.push(state.audit.next); loadAudit(); });
  $("audit-newest").addEventListener("click", () => { state.audit.before = []; loadAudit(); });
  loadAudit();
  $("lookup-form").addEventListener("submit", onLookup);
  $("lookup-result").addEventListener("click", onLookupAudit);
  $("lookup-result").addEventListener("click", onLookupUndelete);
  $("entity-form").addEventListener("submit", onPreview);
  $("entity-delete").addEventListener("click", onDelete);
  $("entity-key").addEventListener("input", forgetPreview);
  $("entity-select").addEventListener("change", () => { keyPlaceholder(); forgetPreview(); if (state.overview) renderEntities(state.overview); });
  $("entity-list").addEventListener("click", onEntityCard);
  window.addEventListener("resize", () => renderChart(state.throughput));
  refresh();
  setInterval(refresh, POLL_MS);
  setInterval(tickStatus, 1000);
});
