// Lethe dashboard: the policy Edit dialog. It changes a policy's schedule
// and tuning at run time through PATCH /api/v1/policies/{name} and resets
// them with DELETE /api/v1/policies/{name}/overrides (docs/api.md). The
// dialog lives outside the polled cards, so a refresh never loses an edit.
"use strict";

// editLabels names the fields the dialog shows first, with a hint.
const editLabels = {
  schedule: ["Schedule", "cron or @every 30s"],
  batch_size: ["Batch size", "rows per batch"],
};

const editState = { policy: null };

// overrideBadge marks a card whose policy runs with overridden values.
function overrideBadge(p) {
  const n = Object.keys(p.overrides || {}).length;
  if (!n) return "";
  const list = Object.entries(p.overrides).map(([f, o]) => `${f}: ${o.value} (file: ${o.file})`).join("\n");
  return ` · <span class="badge overridden" data-field="overridden" title="${esc(list)}">${n} overridden</span>`;
}

// editInput renders one setting as a labelled input of its type.
function editInput(field, value, override) {
  const [label, hint] = editLabels[field] || [field.replaceAll("_", " "), ""];
  const id = `edit-${field}`;
  const note = override ? `<span class="file-value">file: <code>${esc(String(override.file))}</code></span>` : "";
  let input;
  if (typeof value === "boolean") {
    input = `<input type="checkbox" id="${id}" name="${esc(field)}" data-type="bool" ${value ? "checked" : ""}>`;
  } else if (typeof value === "number") {
    input = `<input type="number" id="${id}" name="${esc(field)}" data-type="number" min="1" step="1" value="${esc(value)}" required>`;
  } else {
    input = `<input type="text" id="${id}" name="${esc(field)}" data-type="text" value="${esc(value)}" placeholder="${esc(hint)}" spellcheck="false" required>`;
  }
  return `<div class="edit-field${override ? " overridden" : ""}"><label for="${id}">${esc(label)}</label>${input}${note}</div>`;
}

function openEdit(name) {
  const p = state.overview && state.overview.policies.find((x) => x.name === name);
  if (!p) return;
  editState.policy = p;
  $("policy-edit-title").textContent = `Edit ${p.name} (${p.kind})`;
  const overrides = p.overrides || {};
  const fields = Object.keys(p.settings).sort((a, b) => {
    const rank = (f) => (f in editLabels ? Object.keys(editLabels).indexOf(f) : 99);
    return rank(a) - rank(b) || a.localeCompare(b);
  });
  $("policy-edit-fields").innerHTML = fields.map((f) => editInput(f, p.settings[f], overrides[f])).join("");
  $("policy-edit-reset").disabled = Object.keys(overrides).length === 0;
  showEditError("");
  $("policy-edit").showModal();
  $("edit-schedule").focus();
}

function showEditError(text) {
  const el = $("policy-edit-error");
  el.textContent = text;
  el.hidden = !text;
}

// changedFields returns the inputs whose value differs from the policy's
// effective one, typed as the API wants them.
function changedFields() {
  const p = editState.policy;
  const out = {};
  for (const input of $("policy-edit-fields").querySelectorAll("input[name]")) {
    const field = input.name;
    let value;
    if (input.dataset.type === "bool") value = input.checked;
    else if (input.dataset.type === "number") value = Number(input.value);
    else value = input.value.trim();
    if (value !== p.settings[field]) out[field] = value;
  }
  return out;
}

async function onEditSave(ev) {
  ev.preventDefault();
  const p = editState.policy;
  const changes = changedFields();
  if (Object.keys(changes).length === 0) {
    $("policy-edit").close();
    return;
  }
  $("policy-edit-save").disabled = true;
  try {
    await api("PATCH", `/api/v1/policies/${encodeURIComponent(p.name)}`, changes);
    $("policy-edit").close();
    toast(`Saved <strong>${esc(p.name)}</strong>: ${esc(Object.keys(changes).join(", "))}`);
    refresh();
  } catch (err) {
    showEditError(err.message);
  } finally {
    $("policy-edit-save").disabled = false;
  }
}

async function onEditReset() {
  const p = editState.policy;
  try {
    await api("DELETE", `/api/v1/policies/${encodeURIComponent(p.name)}/overrides`);
    $("policy-edit").close();
    toast(`<strong>${esc(p.name)}</strong> is back to the configuration file`);
    refresh();
  } catch (err) {
    showEditError(err.message);
  }
}

document.addEventListener("DOMContentLoaded", () => {
  document.body.addEventListener("click", (ev) => {
    const btn = ev.target.closest("button[data-action='edit']");
    if (btn) openEdit(btn.dataset.policy);
  });
  $("policy-edit-form").addEventListener("submit", onEditSave);
  $("policy-edit-reset").addEventListener("click", onEditReset);
  $("policy-edit-cancel").addEventListener("click", () => $("policy-edit").close());
});
