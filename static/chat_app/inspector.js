/* The memory inspector: renders what before_turn decided (gate, scenes, slots, tokens, memories with their
   score parts) and, after the reply, what after_turn learned. Words come translated from the page. */
(function () {
  "use strict";

  const strings = JSON.parse(document.getElementById("chat-strings").textContent);
  const SLOT_NAMES = ["profile", "facts", "summary"];
  const OUTCOME_NAMES = ["extracted", "created", "touched", "superseded", "pending", "asked", "resolved",
    "forgotten", "blocked", "working_memory", "snippets", "review"];

  function format(template, values) {
    return template.replace(/\{(\w+)\}/g, (match, name) => (name in values ? String(values[name]) : match));
  }

  /* el("p", {class: "x"}, "text", childNode) — a tiny DOM builder; text always goes in as text, never HTML. */
  function el(tag, attributes, ...children) {
    const node = document.createElement(tag);
    for (const [name, value] of Object.entries(attributes || {})) {
      if (value !== null && value !== undefined && value !== false) node.setAttribute(name, value);
    }
    for (const child of children.flat(Infinity)) {
      if (child === null || child === undefined || child === false) continue;
      node.append(child instanceof Node ? child : document.createTextNode(String(child)));
    }
    return node;
  }

  const number = (value) => (typeof value === "number" ? value.toFixed(2) : "—");
  const label = (prefix, name) => strings[prefix + name] || name.replace(/_/g, " ");

  function gateSection(context) {
    const gate = context.gate || {};
    const verdict = context.injected ? strings.injected : strings.notInjected;
    const comparison = context.injected ? "≥" : "<";
    return el("section", {class: "gate " + (context.injected ? "gate-yes" : "gate-no"), "data-testid": "gate"},
      el("div", {class: "gate-verdict"}, el("span", {class: "gate-dot", "aria-hidden": "true"}), verdict),
      el("div", {class: "gate-numbers"},
        `${strings.top} ${number(gate.top_relevance)} ${comparison} ${number(gate.threshold)}`),
      gate.reason ? el("p", {class: "gate-reason"}, gate.reason) : null);
  }

  function scenesSection(context) {
    const scenes = context.scenes || [];
    const chips = scenes.length
      ? scenes.map((scene) => el("span", {class: "chip", title: scene.scene}, label("scene_", scene.scene),
          el("small", {}, number(scene.confidence))))
      : [el("span", {class: "muted"}, strings.noScenes)];
    return el("section", {}, el("h3", {}, strings.scenes), el("div", {class: "chips"}, chips));
  }

  function tokensSection(context) {
    const budget = context.budget || 1;
    const share = Math.min(100, Math.round((100 * (context.tokens || 0)) / budget));
    const perSlot = SLOT_NAMES.filter((name) => (context.slot_tokens || {})[name])
      .map((name) => `${label("slot_", name)} ${context.slot_tokens[name]}`).join(" · ");
    return el("section", {},
      el("h3", {}, strings.tokens),
      el("div", {class: "meter", role: "meter", "aria-valuemin": "0", "aria-valuemax": String(budget),
        "aria-valuenow": String(context.tokens || 0)}, el("span", {style: `width:${share}%`})),
      el("p", {class: "meter-caption"}, format(strings.tokensOf, {tokens: context.tokens || 0, budget: context.budget}),
        perSlot ? el("span", {class: "muted"}, " — " + perSlot) : null));
  }

  function slotsSection(context) {
    const slots = context.slots || {};
    return el("section", {}, el("h3", {}, strings.slots), SLOT_NAMES.map((name) => slots[name]
      ? el("details", {class: "slot", open: "open"},
          el("summary", {}, label("slot_", name), el("small", {}, ` ${(context.slot_tokens || {})[name] || 0} tok`)),
          el("pre", {}, slots[name]))
      : el("p", {class: "slot slot-empty"}, `${label("slot_", name)}: ${strings.slotEmpty}`)));
  }

  function scoreParts(parts) {
    return el("dl", {class: "parts"}, Object.entries(parts || {}).map(([name, value]) => [
      el("dt", {}, label("part_", name)),
      el("dd", {}, el("span", {class: "bar"}, el("span", {style: `width:${Math.max(0, Math.min(1, Math.abs(value))) * 100}%`})),
        number(value)),
    ]));
  }

  function memoryCard(memory) {
    return el("li", {class: "memory-card"},
      el("div", {class: "memory-head"}, el("span", {class: "memory-text"}, memory.text),
        el("span", {class: "score", title: strings.score}, number(memory.score))),
      el("div", {class: "memory-meta"}, [memory.kind || memory.source_type, memory.key, memory.slot].filter(Boolean).join(" · ")),
      scoreParts(memory.parts),
      memory.why ? el("p", {class: "why"}, memory.why) : null);
  }

  function memoriesSection(context) {
    const used = context.memories || [];
    const usedIds = new Set(used.map((memory) => `${memory.source_type}:${memory.id}`));
    const others = (context.candidates || []).filter((memory) => !usedIds.has(`${memory.source_type}:${memory.id}`));
    return el("section", {},
      el("h3", {}, strings.memoriesUsed),
      used.length ? el("ul", {class: "memory-list", "data-testid": "memories-used"}, used.map(memoryCard))
        : el("p", {class: "muted"}, strings.noMemoriesUsed),
      others.length ? el("details", {class: "candidates"}, el("summary", {}, `${strings.alsoRecalled} (${others.length})`),
        el("ul", {class: "memory-list"}, others.map(memoryCard))) : null);
  }

  function extrasSection(context) {
    const parts = [];
    if (context.confirmation_question) {
      parts.push(el("p", {class: "confirm-question"}, el("strong", {}, strings.confirmationQuestion + ": "),
        context.confirmation_question));
    }
    if ((context.working_memory || []).length) {
      parts.push(el("h3", {}, strings.workingMemory), el("ul", {class: "plain-list"}, context.working_memory.map((item) => el("li", {}, item))));
    }
    return parts.length ? el("section", {}, parts) : null;
  }

  /* One forget request: how much went and which rows (never the forgotten values, nor the description). */
  function describeForgotten(item) {
    const what = item.scope === "everything" ? strings.forgottenEverything : strings.forgottenDescribed;
    const counts = format(strings.forgottenCounts,
      {memories: item.memories || 0, snippets: item.snippets || 0, turns: item.turns || 0});
    const rows = [...(item.keys || []), ...(item.items || [])];
    const standing = item.standing ? el("small", {class: "muted"}, ` — ${strings.forgottenStanding}`) : null;
    const listed = rows.length ? el("small", {class: "muted"}, ` (${rows.join(", ")})`) : null;
    return el("span", {}, `${what} — ${counts}`, listed, standing);
  }

  function describeOutcomeItem(item) {
    if (typeof item !== "object" || item === null) return String(item);
    if (item.scope) return describeForgotten(item);
    let main;
    if (Array.isArray(item.keys)) main = item.keys.join(", ") + (item.memories ? ` (${item.memories})` : "");
    else if (item.key) main = `${item.key} = ${item.value ?? ""}`;
    else main = item.text || item.value || item.kind || JSON.stringify(item);
    const confidence = typeof item.confidence === "number" && item.confidence ? ` (${item.confidence.toFixed(2)})` : "";
    return main + confidence + (item.reason ? ` — ${item.reason}` : "");
  }

  function renderContext(target, context, message) {
    target.replaceChildren(el("p", {class: "turn-quote"}, el("span", {}, strings.thisTurn), message));
    if (!context) {
      target.append(el("p", {class: "form-error"}, strings.memoryUnavailable));
    } else {
      target.append(gateSection(context), scenesSection(context), tokensSection(context), slotsSection(context),
        memoriesSection(context));
      const extras = extrasSection(context);
      if (extras) target.append(extras);
      target.append(el("p", {class: "muted elapsed"}, format(strings.elapsed, {ms: Math.round(context.elapsed_ms || 0)})));
    }
    target.append(el("section", {class: "outcome", id: "outcome", "data-testid": "outcome"},
      el("h3", {}, strings.afterReply), el("p", {class: "muted"}, strings.learning)));
  }

  function renderOutcome(target, outcome) {
    const section = target.querySelector("#outcome");
    if (!section) return;
    section.replaceChildren(el("h3", {}, strings.afterReply));
    if (!outcome) {
      section.append(el("p", {class: "form-error"}, strings.memoryUnavailable));
      return;
    }
    if (outcome.status && outcome.status !== "processed") {  // queued for a worker, or failed and to be retried
      section.append(el("p", {class: "muted"}, format(strings.memoryStatus, {status: outcome.status})));
    }
    const groups = OUTCOME_NAMES.filter((name) => Array.isArray(outcome[name]) && outcome[name].length);
    if (!groups.length) {
      section.append(el("p", {class: "muted"}, strings.nothingLearned));
      return;
    }
    for (const name of groups) {
      // Some groups are only row ids (snippets): their count says it all.
      const described = outcome[name].filter((item) => typeof item !== "number").map(describeOutcomeItem);
      section.append(el("div", {class: `outcome-group outcome-${name}`},
        el("h4", {}, label("outcome_", name), el("span", {class: "count"}, outcome[name].length)),
        described.length ? el("ul", {class: "plain-list"}, described.map((text) => el("li", {}, text))) : null));
    }
  }

  window.ChatmemInspector = {strings, format, el, renderContext, renderOutcome};
})();
