// The entry page follows its table (docs/offline.md): every 10 s, and at once when the
// connection comes back, it fetches the page's live part (views/entry_live.py, a 304 while
// nothing changed), so that a hand saved from another phone, a correction, or a hand waiting
// for confirmation (with its confirm button) shows without a reload. The totals then count
// the hands kept on this phone and not sent yet, marked "not sent", and the preview is
// counted here (static/js/rules.js) while the server cannot be reached.
(() => {
  "use strict";
  const EVERY = 10000;
  const TIMEOUT = 8000;
  const rulesData = JSON.parse(document.getElementById("rules-data")?.textContent || "null");
  const letters = JSON.parse(document.getElementById("card-letters")?.textContent || "null");
  const fill = (template, values) => template.replace(/%\((\w+)\)s/g, (_, name) => values[name]);
  const current = () => document.getElementById("table-live");
  const state = () => JSON.parse(document.getElementById("table-state")?.textContent || "{}");
  if (!current()) return;
  let reachable = navigator.onLine !== false;

  // Following the table. Each fetch asks with the ETag of what the page shows: first the
  // one the page was made with (a page just loaded, after a save most often, is a 304 and not
  // sent again), then each answer's. The browser's own cache stays out of it: it would ask
  // with the part it fetched before the page was reloaded.
  let last = "";
  let etag = current().dataset.etag || "";
  let fetching = false;
  let again = false; // asked again while a fetch was on its way (a hand just saved)
  async function refresh() {
    if (fetching) {
      again = true;
      return;
    }
    fetching = true;
    again = false;
    try {
      const response = await fetch(current().dataset.liveUrl, {
        credentials: "same-origin",
        cache: "no-store",
        headers: etag ? { "If-None-Match": etag } : {},
        signal: AbortSignal.timeout ? AbortSignal.timeout(TIMEOUT) : undefined,
      });
      if (response.status === 304) {
        // Unchanged: the page shows it already.
      } else if (!response.ok || response.redirected) {
        if (response.status >= 500) unreachable();
        return;
      } else {
        const html = await response.text();
        etag = response.headers.get("ETag") || "";
        if (html !== last) {
          last = html;
          replaceLive(html);
        }
        remember(html);
      }
      reachable = true;
      // An answer to a fetch made before a hand was saved may not hold it: the next one says.
      if (!again) document.dispatchEvent(new CustomEvent("ramiscore:table", { detail: state() }));
      showProjected();
    } catch {
      unreachable();
    } finally {
      fetching = false;
      if (again) refresh();
    }
  }
  function unreachable() {
    reachable = false;
    document.dispatchEvent(new CustomEvent("ramiscore:unreachable"));
  }
  function replaceLive(html) {
    const fresh = new DOMParser().parseFromString(html, "text/html");
    for (const id of ["table-live", "hands-live"]) {
      const now = document.getElementById(id);
      const then = fresh.getElementById(id);
      if (!now || !then) continue;
      // A hand table the player opened stays open.
      const open = now.querySelector("details")?.open;
      const details = then.querySelector("details");
      if (details && open) details.open = true;
      now.replaceWith(document.adoptNode(then));
    }
    document.dispatchEvent(new CustomEvent("htmx:afterSettle")); // site.js: scroll hints
  }
  // The live part last fetched, kept on the phone: a hand saved leaves the page where it is
  // (offline.js), so that the copy the service worker keeps of the page (templates/app/sw.js)
  // is the one last loaded, older. Opened again with no network, the page shows the table as
  // this phone last saw it, and numbers the next hand after it.
  // By the live part's address, the same whichever address opened the page (a table tent's).
  // The 10 pages last followed are kept: the kept hands must always find room.
  const LIVE_PREFIX = "ramiscore:live:";
  const KEPT_LIVE = LIVE_PREFIX + current().dataset.liveUrl;
  const MOST_KEPT = 10;
  function readKept() {
    try {
      return JSON.parse(localStorage.getItem(KEPT_LIVE) || "null") || {};
    } catch {
      return {};
    }
  }
  function remember(html, table) {
    try {
      const kept = { ...readKept(), at: Date.now() };
      if (html) Object.assign(kept, { html, table: null }); // the part says the table itself
      if (table) kept.table = table;
      localStorage.setItem(KEPT_LIVE, JSON.stringify(kept));
      const others = [];
      for (let i = 0; i < localStorage.length; i++) {
        const name = localStorage.key(i);
        if (name.startsWith(LIVE_PREFIX) && name !== KEPT_LIVE) others.push(name);
      }
      const at = (name) => JSON.parse(localStorage.getItem(name) || "{}").at || 0;
      others.sort((a, b) => at(b) - at(a));
      for (const name of others.slice(MOST_KEPT - 1)) localStorage.removeItem(name);
    } catch {
      // No storage, or full: the copy shows what it shows.
    }
  }
  // A hand saved and the page staying: the table as the server left it, kept at once (the
  // live part fetched next may not come through).
  document.addEventListener("ramiscore:saved", (event) => remember("", event.detail));
  const copiedAt = document.documentElement.dataset.offlineCopy;
  const seen = copiedAt === undefined ? {} : readKept();
  if (seen.at > (Date.parse(copiedAt) || 0)) {
    if (seen.html) {
      replaceLive(seen.html);
      etag = current().dataset.etag || "";
    }
    // What the table held then, for the form's number (not a sign the server answered).
    const table = { ...state(), ...(seen.table || {}), kept: true };
    document.dispatchEvent(new CustomEvent("ramiscore:table", { detail: table }));
  }
  setInterval(() => {
    if (document.visibilityState !== "hidden") refresh();
  }, EVERY);
  window.addEventListener("online", refresh);
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible") refresh();
  });
  document.addEventListener("ramiscore:refresh", refresh);

  // A hand as the form gives it (HandForm.facts), by player name, for the rules' script;
  // null when it cannot be read yet.
  function handOf(fields) {
    if (!rulesData || !letters) return null;
    const data = new Map(fields);
    const how = data.get("how");
    const rule = rulesData.variant.who_is_counted[how];
    if (!rule) return null;
    const names = new Map(rulesData.seats.map(([position, name]) => [String(position), name]));
    const ender = rule.ender === "nobody" ? null : names.get(data.get("ended_by") || "");
    if (ender === undefined) return null;
    const held = {};
    for (const [position, name] of names) {
      if (data.get(`never_${position}`)) {
        held[name] = "never_melded";
        continue;
      }
      let text = (data.get(`held_${position}`) || "").replace(/,/g, " ").split(/\s+/).filter(Boolean).join(" ");
      if (name === ender && rule.ender === "holds_nothing" && (text === "" || text === "0")) continue;
      if (name === ender && rule.ender === "no_deadwood" && !text) text = "0";
      if (!text) continue;
      if (/^[+-]?\d{1,9}$/.test(text)) {
        held[name] = Number(text);
      } else {
        const cards = RamiscoreRules.readCards(text, letters);
        if (!cards) return null;
        held[name] = cards;
      }
    }
    return { how, ended_by: ender, held };
  }
  const players = () => rulesData.seats.map(([, name]) => name);
  function scored(fields) {
    const hand = handOf(fields);
    return hand && window.RamiscoreRules ? RamiscoreRules.scoreHand(rulesData.variant, players(), hand) : null;
  }
  // The table's totals with the kept hands added, and whether every one could be counted.
  function keptTotals() {
    const totals = { ...(state().totals || {}) };
    let counted = true;
    for (const entry of window.RamiscoreKept?.toSend() || []) {
      const result = scored(entry.fields);
      if (!result) {
        counted = false;
        continue;
      }
      for (const [name, points] of Object.entries(result.points)) totals[name] = (totals[name] || 0) + points;
    }
    return { totals, counted };
  }

  // The totals with the hands not sent yet.
  const projected = document.getElementById("projected-totals");
  function showProjected() {
    if (!projected || !rulesData) return;
    const kept = window.RamiscoreKept?.toSend() || [];
    projected.hidden = !kept.length || rulesData.variant.plays_matches;
    if (projected.hidden) return;
    const { totals, counted } = keptTotals();
    const title = kept.length === 1 ? projected.dataset.textTitleOne : projected.dataset.textTitleMany;
    projected.querySelector(".projected-title").textContent = fill(title, { count: kept.length });
    projected.querySelector("tbody").replaceChildren(
      ...players().map((name) => {
        const row = document.createElement("tr");
        const head = document.createElement("th");
        head.scope = "row";
        head.textContent = name;
        const total = document.createElement("td");
        total.className = "num total";
        total.textContent = String(totals[name] ?? 0);
        row.append(head, total, document.createElement("td"));
        return row;
      }),
    );
    const target = rulesData.variant.target;
    const reached = target && Object.values(totals).some((total) => total >= target);
    const notes = [];
    if (reached && projected.dataset.textTarget) notes.push(projected.dataset.textTarget);
    if (!counted) notes.push(projected.dataset.textUnknown);
    const note = projected.querySelector(".projected-note");
    note.textContent = notes.join(" ");
    note.hidden = !notes.length;
  }
  document.addEventListener("ramiscore:kept", showProjected);

  // The preview, counted here while the server cannot be reached.
  const form = document.getElementById("hand-form");
  const preview = document.getElementById("preview");
  const template = document.getElementById("local-preview");
  const offline = () => navigator.onLine === false || !reachable;
  function localPreview() {
    if (!form || !preview || !template) return;
    const fields = [...new FormData(form)];
    const result = scored(fields);
    if (!result) {
      // Not complete, or not a hand the rules take: the server says which once it is sent.
      const hint = document.createElement("p");
      hint.className = "hint";
      hint.textContent = document.getElementById("pending-hands")?.dataset.textNoPreview || "";
      preview.replaceChildren(hint);
      return;
    }
    const number = Number(new Map(fields).get("number"));
    const { totals } = keptTotals();
    const view = template.content.cloneNode(true);
    const values = { number, result: rulesData.results[result.result] || result.result, winner: result.winner };
    view.querySelector(".preview-title").textContent = fill(result.winner ? rulesData.won : rulesData.not_won, values);
    view.querySelector("tbody").replaceChildren(
      ...players().map((name) => {
        const row = document.createElement("tr");
        const head = document.createElement("th");
        head.scope = "row";
        head.textContent = name;
        row.append(head);
        const total = rulesData.variant.plays_matches ? "–" : String((totals[name] || 0) + result.points[name]);
        for (const value of [result.counted[name] ?? "–", result.points[name], total]) {
          const cell = document.createElement("td");
          cell.className = "num";
          cell.textContent = String(value);
          row.append(cell);
        }
        return row;
      }),
    );
    preview.replaceChildren(view);
  }
  // htmx asks the server for the preview: not while it cannot be reached.
  document.addEventListener("htmx:beforeRequest", (event) => {
    const elt = event.detail?.elt;
    if (offline() && (elt === preview || elt?.id === "preview-button")) {
      event.preventDefault();
      localPreview();
    }
  });
  document.addEventListener("htmx:sendError", () => {
    unreachable();
    localPreview();
  });
  if (form) {
    form.addEventListener("change", () => {
      if (offline()) localPreview();
    });
  }
  window.addEventListener("offline", () => {
    reachable = false;
  });
  showProjected();
})();
