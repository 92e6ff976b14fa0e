// Fleet and progress (fleet.js): every `lethe serve` process, the large
// deletions in flight, each policy's ETA, and the per-minute charts drawn
// from Lethe's own tables (GET /api/v1/processes, /api/v1/charts and the
// overview's progress fields). Uses app.js's helpers.
"use strict";

const fleetState = { processes: null, charts: null, minutes: 60, error: "" };

async function refreshFleet() {
  try {
    const [pr, ch] = await Promise.all([
      api("GET", "/api/v1/processes"),
      api("GET", `/api/v1/charts?minutes=${fleetState.minutes}`),
    ]);
    fleetState.processes = pr;
    fleetState.charts = ch;
    fleetState.error = "";
  } catch (err) {
    fleetState.error = err.message;
  }
  renderProcesses();
  renderCharts();
}

// duration renders seconds as a person reads an estimate.
function duration(s) {
  if (s < 90) return `${Math.max(1, Math.round(s))} s`;
  if (s < 90 * 60) return `${Math.round(s / 60)} min`;
  if (s < 48 * 3600) {
    const h = Math.floor(s / 3600), m = Math.round((s % 3600) / 60);
    return m ? `${h} h ${m} min` : `${h} h`;
  }
  return `${Math.round(s / 86400)} d`;
}

function rate(n) {
  if (!n) return "0";
  return n >= 10 ? compact(Math.round(n)) : n.toFixed(n >= 1 ? 1 : 2);
}

// bar draws a bar filled to pct percent (an SVG: the page's
// Content-Security-Policy allows no inline style).
function bar(pct, cls, attrs) {
  return `<svg class="bar ${cls}" viewBox="0 0 100 10" preserveAspectRatio="none" ${attrs}><rect class="track" width="100" height="10" rx="5"/><rect class="fill" width="${Math.max(0, Math.min(100, pct)).toFixed(1)}" height="10" rx="5"/></svg>`;
}

// ---- processes ----

function renderProcesses() {
  const v = fleetState.processes;
  const el = $("processes");
  if (!el) return;
  $("fleet-summary").textContent = fleetState.error
    ? `Update failed: ${fleetState.error}`
    : v ? `${v.running} running${v.gone ? ` · ${v.gone} gone` : ""} · ${v.busy_workers} of ${v.max_workers} workers busy` : "Loading…";
  if (!v) return;
  if (!v.processes.length) {
    setHTML(el, `<p class="muted">No process registered: <code>lethe serve</code> registers itself when it starts.</p>`);
    return;
  }
  setHTML(el, v.processes.map((p) => {
    const gone = p.state === "gone";
    const pct = p.max_workers ? Math.min(100, (100 * p.busy_workers) / p.max_workers) : 0;
    return `<div class="proc" data-client="${esc(p.client_id)}" data-state="${esc(p.state)}" title="River client ${esc(p.client_id)}">
      <div class="proc-head">
        <span class="proc-dot" aria-hidden="true"></span>
        <strong class="proc-host">${esc(p.host)}</strong><span class="muted-inline">pid ${esc(p.pid)}</span>
        ${p.leader ? `<span class="badge leader" data-field="leader">Leader</span>` : ""}
        ${gone ? `<span class="badge gone" data-field="gone">Gone</span>` : ""}
      </div>
      <div class="proc-meta"><code>${esc(p.version)}</code> · started ${timeEl(p.started_at)} · heartbeat ${timeEl(p.heartbeat_at)}</div>
      <div class="proc-workers" data-field="workers">
        ${bar(pct, "", `aria-label="${esc(p.busy_workers)} of ${esc(p.max_workers)} workers busy" role="img"`)}
        <span>${gone ? "—" : `${num(p.busy_workers)} / ${num(p.max_workers)} busy`}</span>
      </div>
    </div>`;
  }).join(""));
}

// ---- deletions in flight ----

function renderInFlight(ov) {
  const panel = $("inflight-panel");
  if (!panel) return;
  const list = ov.deletions_in_flight || [];
  panel.hidden = !list.length;
  if (!list.length) return;
  setHTML($("inflight"), list.map((d) => {
    const pct = d.percent == null ? null : Math.min(100, d.percent);
    const counts = d.rows_remaining == null
      ? "rows not counted"
      : `${num(d.rows_done)} of ~${num(d.rows_total)} rows · ${num(d.rows_remaining)} left`;
    const eta = d.eta_seconds != null ? `<span class="eta">ETA ≈ ${esc(duration(d.eta_seconds))}</span> · ${esc(rate(d.rate_per_minute))} rows/min` : "";
    return `<div class="inflight" data-entity="${esc(d.entity)}" data-key="${esc(d.key)}">
      <div class="inflight-head"><span><code>${esc(d.entity)}</code> <span class="inflight-key">${esc(d.key)}</span></span>
        <span class="muted-inline">since ${timeEl(d.since)}${d.failed_attempts ? ` · ${num(d.failed_attempts)} failed attempt${d.failed_attempts > 1 ? "s" : ""}` : ""}</span></div>
      ${bar(pct ?? 0, "big", `role="progressbar" aria-valuemin="0" aria-valuemax="100"${pct == null ? "" : ` aria-valuenow="${pct.toFixed(0)}"`}`)}
      <div class="inflight-meta"><strong>${pct == null ? "–" : pct.toFixed(0) + " %"}</strong> · ${counts}${eta ? " · " + eta : ""}</div>
      ${d.note ? `<div class="muted-inline">${esc(d.note)}</div>` : ""}
    </div>`;
  }).join(""));
}

// ---- a policy's ETA ----

// etaText is a policy's ETA in a few words, for the card and the table.
function etaText(p) {
  const pr = p.progress;
  if (!pr) return "–";
  if (pr.eta_seconds == null) return "no ETA";
  if (pr.eta_seconds === 0) return "done";
  return `≈ ${duration(pr.eta_seconds)}${pr.remaining_capped ? "+" : ""}`;
}

// progressBlock is the card's progress line: ETA, pace and what it means.
function progressBlock(p) {
  const pr = p.progress;
  if (!pr || p.kind === "tombstone") return "";
  const pace = `${rate(pr.rate_per_minute)} rows/min over ${pr.window_minutes} min`;
  const left = pr.remaining == null ? "" : ` · ${num(pr.remaining)}${pr.remaining_capped ? "+" : ""} left`;
  return `<div class="progress-line" data-field="progress">
    <div><span class="sub-title">ETA</span> <strong class="eta" data-field="eta">${esc(etaText(p))}</strong>
      <span class="muted-inline">${esc(pace + left)}</span></div>
    ${pr.throttled ? `<div class="throttled-note" data-field="throttled">${esc(pr.throttled)}</div>` : ""}
    <div class="muted-inline">${esc(pr.note)}</div>
  </div>`;
}

// ---- charts ----

const chartDefs = [
  { id: "deleted", title: "Deleted rows / min", series: [{ key: "deleted_rows", cls: "s-accent", bar: true }],
    total: (c) => `${num(c.totals.deleted_rows)} rows` },
  { id: "failed", title: "Failed jobs / min", series: [{ key: "failed_jobs", cls: "s-bad", bar: true }],
    total: (c) => `${num(c.totals.failed_jobs)} failed` },
  { id: "wait", title: "Queue wait (s)", series: [{ key: "queue_wait_p95_seconds", cls: "s-warn", label: "p95" }, { key: "queue_wait_p50_seconds", cls: "s-accent", label: "p50" }],
    total: (c) => c.totals.queue_wait_p95_max_seconds == null ? "no job started" : `p95 max ${c.totals.queue_wait_p95_max_seconds.toFixed(1)} s` },
  { id: "throttled", title: "Throttled s / min", series: [{ key: "throttled_seconds", cls: "s-throttled", bar: true }],
    total: (c) => c.totals.throttled_seconds ? `${duration(c.totals.throttled_seconds)} held back` : "none held back" },
  { id: "lag", title: "Replica lag (s)", series: [{ key: "replica_lag_seconds", cls: "s-blobs" }],
    total: (c) => c.totals.replica_lag_max_seconds == null ? "no standby measured" : `max ${c.totals.replica_lag_max_seconds.toFixed(1)} s` },
];

function renderCharts() {
  const c = fleetState.charts;
  const grid = $("fleet-charts");
  if (!grid || !c) return;
  if (!grid.children.length) {
    grid.innerHTML = chartDefs.map((d) => `<figure class="mini" data-chart="${d.id}">
      <figcaption><span>${esc(d.title)}</span><strong data-total></strong></figcaption>
      <svg role="img" aria-label="${esc(d.title)}" preserveAspectRatio="none"></svg>
      ${d.series.length > 1 ? `<div class="mini-legend">${d.series.map((s) => `<span class="swatch ${s.cls}"></span>${esc(s.label)}`).join(" ")}</div>` : ""}
    </figure>`).join("");
  }
  for (const d of chartDefs) {
    const fig = grid.querySelector(`[data-chart="${d.id}"]`);
    fig.querySelector("[data-total]").textContent = d.total(c);
    drawMini(fig.querySelector("svg"), c.points, d.series);
  }
}

// drawMini draws series of points into svg: bars for counts, lines (broken
// where a minute has no value) for measures.
function drawMini(svg, pts, series) {
  const W = svg.clientWidth || 300, H = svg.clientHeight || 110;
  const pad = { l: 34, r: 4, t: 6, b: 16 };
  svg.setAttribute("viewBox", `0 0 ${W} ${H}`);
  if (!pts.length) { svg.innerHTML = ""; return; }
  let top = 0;
  for (const s of series) for (const p of pts) if (p[s.key] != null) top = Math.max(top, p[s.key]);
  const max = niceMax(top);
  const step = (W - pad.l - pad.r) / pts.length;
  const x = (i) => pad.l + i * step;
  const y = (v) => pad.t + (1 - v / max) * (H - pad.t - pad.b);
  let out = "";
  for (let k = 0; k <= 2; k++) {
    const v = (max / 2) * k;
    out += `<line class="grid" x1="${pad.l}" x2="${W - pad.r}" y1="${y(v)}" y2="${y(v)}"/>`;
    out += `<text class="axis" x="${pad.l - 4}" y="${y(v) + 4}" text-anchor="end">${esc(compact(v))}</text>`;
  }
  for (const i of [0, pts.length - 1]) {
    const label = new Date(pts[i].at).toLocaleTimeString(undefined, { hour: "2-digit", minute: "2-digit" });
    out += `<text class="axis" x="${i ? W - pad.r : pad.l}" y="${H - 3}" text-anchor="${i ? "end" : "start"}">${esc(label)}</text>`;
  }
  let any = false;
  for (const s of series) {
    if (s.bar) {
      pts.forEach((p, i) => {
        const v = p[s.key];
        if (!v) return;
        any = true;
        out += `<rect class="${s.cls}" x="${(x(i) + step * 0.12).toFixed(1)}" y="${y(v).toFixed(1)}" width="${Math.max(1, step * 0.76).toFixed(1)}" height="${(y(0) - y(v)).toFixed(1)}"><title>${esc(new Date(p.at).toLocaleTimeString())}: ${esc(num(Math.round(v * 10) / 10))}</title></rect>`;
      });
    } else {
      let d = "", pen = false;
      pts.forEach((p, i) => {
        const v = p[s.key];
        if (v == null) { pen = false; return; }
        any = true;
        d += `${pen ? "L" : "M"}${(x(i) + step / 2).toFixed(1)},${y(v).toFixed(1)}`;
        pen = true;
      });
      out += `<path class="line ${s.cls}" d="${d}"/>`;
      // A lone minute draws as a dot.
      pts.forEach((p, i) => {
        const v = p[s.key], prev = pts[i - 1], next = pts[i + 1];
        if (v != null && (!prev || prev[s.key] == null) && (!next || next[s.key] == null)) {
          out += `<circle class="dot ${s.cls}" cx="${(x(i) + step / 2).toFixed(1)}" cy="${y(v).toFixed(1)}" r="2.5"/>`;
        }
      });
    }
  }
  if (!any) out += `<text class="empty" x="${(W + pad.l) / 2}" y="${(H - pad.b) / 2 + 4}" text-anchor="middle">nothing in this window</text>`;
  svg.innerHTML = out;
}

function onFleetWindow(ev) {
  const btn = ev.target.closest("button[data-minutes]");
  if (!btn) return;
  fleetState.minutes = +btn.dataset.minutes;
  for (const b of document.querySelectorAll("#fleet-windows button")) b.setAttribute("aria-pressed", String(b === btn));
  refreshFleet();
}

document.addEventListener("DOMContentLoaded", () => {
  $("fleet-windows").addEventListener("click", onFleetWindow);
  window.addEventListener("resize", renderCharts);
  refreshFleet();
  setInterval(refreshFleet, POLL_MS);
});
