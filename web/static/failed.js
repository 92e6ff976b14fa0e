// Lethe dashboard: a policy's failed River jobs, handled in place. The
// overview counts them per policy (failed.retryable, failed.discarded);
// this file lists the newest errors (GET /api/v1/policies/{name}/failed)
// and offers Retry all and Discard all, each a dry run that names the
// count and then a confirm that acts only on that count (docs/api.md).
"use strict";

const FAILED_CONFIRM_MS = 6000; // how long "Confirm retry N" waits for its click
const FAILED_RELOAD_MS = 15000; // errors are listed again at most this often while the counts stay

const failedState = {
  details: new Map(), // policy -> {counts, jobs, at} | {loading, counts}: its newest failed jobs
  confirm: new Map(), // policy -> {action, jobs, more, timer}: a dry run awaiting its confirm
  busy: new Set(), // policies with a request in flight
};

// riverUIList links River UI's job list in state, filtered by kinds (none:
// every kind), so the list opens on exactly the jobs the link names.
function riverUIList(state, kinds) {
  const q = new URLSearchParams({ state });
  for (const k of kinds) q.append("kind", k);
  return `/riverui/jobs/?${q}`;
}

// failedCountsKey changes whenever the policy's failed counts do.
function failedCountsKey(f) {
  return `${f.retryable}/${f.discarded}`;
}

// loadFailed lists the policy's newest failed jobs when its counts changed
// or the list is old.
async function loadFailed(name, f) {
  const key = failedCountsKey(f);
  const d = failedState.details.get(name);
  if (d && (d.loading || (d.counts === key && Date.now() - d.at < FAILED_RELOAD_MS))) return;
  failedState.details.set(name, { ...(d || {}), loading: true, counts: key });
  try {
    const res = await api("GET", `/api/v1/policies/${encodeURIComponent(name)}/failed?limit=5`);
    failedState.details.set(name, { counts: key, jobs: res.jobs, at: Date.now() });
  } catch (err) {
    failedState.details.set(name, { counts: key, error: err.message, jobs: (d && d.jobs) || [], at: Date.now() });
  }
  render();
}

// failedKinds are the kinds of the policy's failed jobs in state, as far as
// the newest are known; the policy's job kinds otherwise.
function failedKinds(p, jobs, state) {
  const kinds = [...new Set(jobs.filter((j) => j.state === state).map((j) => j.kind))];
  return kinds.length ? kinds.sort() : p.job_kinds;
}

// failedBlock is the policy card's "Failed jobs" part: nothing when none
// failed, else the counts (links into River UI's lists of them), the newest
// errors and the Retry all / Discard all buttons.
function failedBlock(p) {
  const f = p.failed || { retryable: 0, discarded: 0 };
  if (!f.retryable && !f.discarded) {
    failedState.details.delete(p.name);
    return "";
  }
  loadFailed(p.name, f);
  const d = failedState.details.get(p.name) || {};
  const jobs = d.jobs || [];
  const plus = f.capped ? "+" : "";
  const counts = [
    f.retryable ? `<a class="pill wait" data-field="failed-retryable" href="${esc(riverUIList("retryable", failedKinds(p, jobs, "retryable")))}" title="Failed, River tries again: open them in River UI">${num(f.retryable)}${plus} retrying</a>` : "",
    f.discarded ? `<a class="pill bad" data-field="failed-discarded" href="${esc(riverUIList("discarded", failedKinds(p, jobs, "discarded")))}" title="Failed for good: attempts used up. Open them in River UI">${num(f.discarded)}${plus} failed for good</a>` : "",
  ].join(" ");
  const errors = jobs.slice(0, 3).map((j) => `<li data-job="${j.id}"><span class="when">${timeEl(j.error_at, "rel", "no error recorded")} · <code>${esc(j.kind)}</code> · <a href="/riverui/jobs/${j.id}">#${j.id}</a> · attempt ${num(j.attempt)}/${num(j.max_attempts)} · ${j.state === "retryable" ? `next ${timeEl(j.next_attempt_at, "rel", "soon")}` : "discarded"}</span>${esc(j.error || "(no message)")}</li>`).join("");
  const c = failedState.confirm.get(p.name);
  const busy = failedState.busy.has(p.name);
  const button = (action, label, title, enabled) => {
    const confirming = c && c.action === action;
    const text = confirming ? `Confirm ${action} ${num(c.jobs)} job${c.jobs === 1 ? "" : "s"}${c.more ? " (more remain)" : ""}` : label;
    return `<button type="button" class="danger${confirming ? " confirm" : ""}" data-action="failed-${action}" data-policy="${esc(p.name)}" ${busy || !enabled ? "disabled" : ""} title="${esc(title)}">${esc(text)}</button>`;
  };
  return `<div class="failed-jobs" data-field="failed">
    <div class="sub-title">Failed jobs</div>
    <div class="entity-pills">${counts}</div>
    ${d.error ? `<div class="count-error">${esc(d.error)}</div>` : ""}
    ${errors ? `<ul class="errors" data-field="failed-errors">${errors}</ul>` : d.loading ? `<div class="muted">Loading errors…</div>` : ""}
    <div class="jobs">
      ${button("retry", "Retry all", "Run every retrying and failed-for-good job of this policy again, now", true)}
      ${button("discard", "Discard all", "Stop retrying: River cancels every retrying job of this policy", f.retryable > 0)}
    </div>
  </div>`;
}

function clearFailedConfirm(name) {
  const c = failedState.confirm.get(name);
  if (c) clearTimeout(c.timer);
  failedState.confirm.delete(name);
}

// onFailedAction runs a dry run on the first click and the action, for
// exactly the count the dry run named, on the second.
async function onFailedAction(name, action) {
  const path = `/api/v1/policies/${encodeURIComponent(name)}/failed/${action}`;
  const c = failedState.confirm.get(name);
  failedState.busy.add(name);
  render();
  try {
    if (!c || c.action !== action) {
      clearFailedConfirm(name);
      const res = await api("POST", path, { dry_run: true });
      if (!res.jobs) {
        toast(`${esc(name)}: no job to ${esc(action)}`);
        return;
      }
      const timer = setTimeout(() => { failedState.confirm.delete(name); render(); }, FAILED_CONFIRM_MS);
      failedState.confirm.set(name, { action, jobs: res.jobs, more: res.more, timer });
      return;
    }
    clearFailedConfirm(name);
    const res = await api("POST", path, { confirm: c.jobs });
    const links = res.job_ids.map((id) => `<a href="/riverui/jobs/${id}">#${id}</a>`).join(", ");
    toast(`${esc(name)}: ${action === "retry" ? "retried" : "discarded"} ${num(res.jobs)} job${res.jobs === 1 ? "" : "s"} (${links}${res.jobs > res.job_ids.length ? ", …" : ""})`);
    failedState.details.delete(name);
  } catch (err) {
    toast(esc(err.message), true);
  } finally {
    failedState.busy.delete(name);
    render();
  }
  refresh();
}

document.addEventListener("DOMContentLoaded", () => {
  document.body.addEventListener("click", (ev) => {
    const btn = ev.target.closest("button[data-action^='failed-']");
    if (!btn || btn.disabled) return;
    onFailedAction(btn.dataset.policy, btn.dataset.action.slice("failed-".length));
  });
});
