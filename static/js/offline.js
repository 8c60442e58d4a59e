// A hand typed while the venue's Wi-Fi is down is never lost. Save keeps the hand on the phone
// (localStorage, per game and hand number) before sending it; a hand the server has not
// answered stays kept, is shown on the page ("Not sent yet"), and is sent again when the
// connection is back: the "online" event, retries waiting longer each time, "Send now", or
// the page opened again. Each hand carries an id made here when it is first saved, so that a
// hand sent twice (its answer lost on the way) is stored once.
// The server's refusals and conflicts are shown by the server's own page: the kept hand is
// posted as a plain form, and the page that answers it says which entry it answered
// (data-answered), which is then no longer kept. Without JavaScript the form posts as always.
(() => {
  "use strict";
  const box = document.getElementById("pending-hands");
  if (!box) return;
  const form = document.getElementById("hand-form"); // none once the game is over
  const action = box.dataset.action;
  const actionPath = new URL(action, location.href).pathname;
  const PREFIX = `ramiscore:pending-hand:${box.dataset.game}:`;
  const list = box.querySelector(".pending-list");
  const note = box.querySelector(".pending-note");
  const sendButton = box.querySelector(".pending-send");
  const TIMEOUT = 30000; // a request that hangs this long is a lost connection
  const RETRIED = ["offline", "full"]; // states that pass: the hands are sent again by themselves
  const fill = (template, values) => template.replace(/%\((\w+)\)s/g, (_, name) => values[name]);

  // Kept hands: localStorage when the browser allows it, else this page's memory.
  const memory = new Map();
  const storage = (() => {
    try {
      localStorage.setItem(`${PREFIX}probe`, "1");
      localStorage.removeItem(`${PREFIX}probe`);
      return localStorage;
    } catch {
      return null;
    }
  })();
  function storedNames() {
    const names = new Set(memory.keys());
    for (let i = 0; storage && i < storage.length; i++) {
      if (storage.key(i).startsWith(PREFIX)) names.add(storage.key(i));
    }
    return [...names];
  }
  function read(name) {
    try {
      return JSON.parse(memory.get(name) ?? storage?.getItem(name) ?? "null");
    } catch {
      return null;
    }
  }
  const kept = () =>
    storedNames()
      .map(read)
      .filter((entry) => entry?.key && entry.number > 0 && Array.isArray(entry.fields))
      .sort((a, b) => a.number - b.number);
  function keep(entry) {
    const name = PREFIX + entry.number;
    try {
      storage.setItem(name, JSON.stringify(entry));
    } catch {
      memory.set(name, JSON.stringify(entry)); // no storage, or full: at least this page keeps it
    }
  }
  function forget(entry) {
    const name = PREFIX + entry.number;
    if (read(name)?.key !== entry.key) return; // a newer hand under that number
    memory.delete(name);
    storage?.removeItem(name);
  }

  // What the box says: one state at a time, and the kept hands in order.
  let state = "";
  function show(newState, entries = kept()) {
    state = newState;
    for (const line of box.querySelectorAll(".pending-state")) {
      line.hidden = line.dataset.state !== newState;
    }
    list.replaceChildren(
      ...entries.map((entry) => {
        const item = document.createElement("li");
        const hand = fill(box.dataset.textHand, { number: entry.number });
        item.textContent = entry.summary ? `${hand} · ${entry.summary}` : hand;
        return item;
      }),
    );
    sendButton.hidden = ![...RETRIED, "waiting"].includes(newState);
    note.hidden = newState === "answered";
    box.hidden = !entries.length;
  }

  // The hand on the form: its fields as the form posts them, a new id, and a summary to show.
  function capture() {
    const keyField = form.querySelector('input[name="idempotency_key"]');
    const bytes = crypto.getRandomValues(new Uint8Array(16)); // randomUUID needs HTTPS
    keyField.value = [...bytes].map((byte) => byte.toString(16).padStart(2, "0")).join("");
    const fields = [...new FormData(form)].filter(([name]) => name !== "csrfmiddlewaretoken");
    const entry = { key: keyField.value, number: Number(numberField().value), fields };
    keyField.value = "";
    return { ...entry, summary: summary(), kept: Date.now() };
  }
  const numberField = () => form.querySelector('input[name="number"]');
  const labelOf = (input) => input?.closest("label")?.textContent.trim() || "";
  function summary() {
    const how = form.querySelector('input[name="how"]:checked');
    const ender = form.querySelector('input[name="ended_by"]:checked:not(:disabled)');
    const held = [];
    for (const block of form.querySelectorAll(".held")) {
      const input = block.querySelector("input[type=text]");
      const never = block.querySelector('input[type="checkbox"]');
      const value = never?.checked ? labelOf(never) : input?.value.trim();
      const name = block.querySelector("label")?.textContent.trim();
      if (!block.hidden && value && name) held.push(fill(box.dataset.textHeld, { name, value }));
    }
    return [labelOf(ender), labelOf(how), held.join(", ")].filter(Boolean).join(" · ");
  }

  // After a hand is kept: an empty form for the next hand number not kept yet.
  function nextNumber(from) {
    const taken = new Set(kept().map((entry) => entry.number));
    let number = from;
    while (taken.has(number)) number += 1;
    return number;
  }
  function setNumber(number) {
    numberField().value = String(number);
    const title = document.getElementById("entry-title");
    if (title) title.textContent = fill(box.dataset.textHand, { number });
    const save = form.querySelector('button[type="submit"]:not([formaction])');
    if (save) save.textContent = fill(box.dataset.textSave, { number });
  }
  function clearForm() {
    for (const input of form.querySelectorAll('input[type="text"]')) input.value = "";
    for (const input of form.querySelectorAll('input[type="checkbox"], input[name="ended_by"]')) {
      input.checked = false;
    }
    for (const marked of form.querySelectorAll(".has-error")) marked.classList.remove("has-error");
    for (const error of form.querySelectorAll(".errorlist, .form-errors, .field-errors")) error.remove();
    for (const input of form.querySelectorAll("[aria-invalid]")) input.removeAttribute("aria-invalid");
    const how = form.querySelector('input[name="how"]');
    if (how) {
      how.checked = true; // most hands end the first way (going out, a knock)
      how.dispatchEvent(new Event("change", { bubbles: true })); // entry.js shows every player
    }
    noPreview();
  }
  function noPreview() {
    const preview = document.getElementById("preview");
    if (!preview) return;
    const hint = document.createElement("p");
    hint.className = "hint";
    hint.textContent = box.dataset.textNoPreview;
    preview.replaceChildren(hint);
  }

  // Sending.
  let token = ""; // a fresh CSRF token, fetched after the server refused an old one
  // The CSRF cookie as it is now (it may have changed since the page was shown), else the
  // page's own token.
  function csrfToken() {
    if (token) return token;
    const cookie = document.cookie.split("; ").find((c) => c.startsWith("csrftoken="));
    if (cookie) return decodeURIComponent(cookie.slice("csrftoken=".length));
    return document.querySelector('input[name="csrfmiddlewaretoken"]')?.value || "";
  }
  const signal = () => (AbortSignal.timeout ? AbortSignal.timeout(TIMEOUT) : undefined);
  function post(entry) {
    const body = new URLSearchParams(entry.fields);
    body.set("csrfmiddlewaretoken", csrfToken());
    return fetch(action, {
      method: "POST",
      body,
      credentials: "same-origin",
      headers: { Accept: "application/json" },
      signal: signal(),
    });
  }
  // The token expired or changed while the phone was away (a login elsewhere, cookies
  // cleared): the entry page gives the current one. "login" when it asks to log in first.
  async function refreshToken() {
    try {
      const response = await fetch(action, { credentials: "same-origin", signal: signal() });
      if (response.redirected && new URL(response.url).pathname !== actionPath) return "login";
      const page = new DOMParser().parseFromString(await response.text(), "text/html");
      token = page.querySelector('input[name="csrfmiddlewaretoken"]')?.value || "";
      return token ? "ok" : "";
    } catch {
      return "";
    }
  }
  async function send(entry) {
    let response;
    try {
      response = await post(entry);
      if (response.status === 403) {
        const refreshed = await refreshToken();
        if (refreshed === "login") return { state: "login" };
        if (refreshed === "ok") response = await post(entry);
      }
    } catch {
      return { state: "offline" }; // no connection, or no answer in time
    }
    if (response.ok && (response.headers.get("Content-Type") || "").includes("json")) {
      const answer = await response.json().catch(() => null);
      if (answer?.next) return { saved: answer.next };
    }
    if (response.redirected) {
      // Saved by a server answering with the page itself; else the login page.
      const url = new URL(response.url);
      return url.pathname === actionPath ? { saved: response.url } : { state: "login" };
    }
    if (response.status === 400 || response.status === 409) return { answered: true };
    if (response.status === 404) return { state: "link" }; // the table link was turned off
    if (response.status === 503) {
      // Busy, restarting, or its disk full (which the organiser must hear of): later.
      const answer = await response.json().catch(() => null);
      return { state: answer?.problem === "disk_full" ? "full" : "offline" };
    }
    if (response.status >= 500) return { state: "offline" };
    return { state: "refused" };
  }

  // The server's own page for a refusal or a conflict: the kept hand posted as a plain form.
  function postPlainly(entry) {
    const plain = document.createElement("form");
    plain.method = "post";
    plain.action = action;
    plain.hidden = true;
    for (const [name, value] of [...entry.fields, ["csrfmiddlewaretoken", csrfToken()]]) {
      const input = document.createElement("input");
      input.type = "hidden";
      input.name = name;
      input.value = value;
      plain.append(input);
    }
    document.body.append(plain);
    plain.submit();
  }

  // Every kept hand, in order; stops at the first one not saved. "kept" when some remain.
  // `quiet`: a hand just saved says nothing unless it could not be sent.
  let busy = false;
  let timer = 0;
  let attempts = 0;
  async function sendAll(quiet = false) {
    const entries = kept();
    if (busy || !entries.length) return busy ? "kept" : "";
    busy = true;
    clearTimeout(timer);
    if (!quiet) show("sending", entries);
    let next = "";
    try {
      for (const entry of entries) {
        const result = await send(entry);
        if (result.saved) {
          forget(entry);
          next = result.saved;
          continue;
        }
        if (result.answered) {
          postPlainly(entry);
          return "answered";
        }
        show(result.state);
        if (RETRIED.includes(result.state)) retryLater();
        return "kept";
      }
    } finally {
      busy = false;
    }
    attempts = 0;
    location.replace(next); // the page with the hands saved ("Hand 3 saved.")
    return "saved";
  }
  function retryLater() {
    attempts += 1;
    timer = setTimeout(sendAll, Math.min(60, 2 ** attempts) * 1000); // 2 s, 4 s… a minute
  }
  const retryNow = () => {
    if (state === "offline") sendAll();
  };

  if (form) {
    form.addEventListener("submit", async (event) => {
      if (event.submitter?.hasAttribute("formaction")) return; // Preview, not Save
      event.preventDefault();
      if (form.classList.contains("sending")) return; // a second tap on Save
      const entry = capture();
      keep(entry);
      form.classList.add("sending");
      const outcome = await sendAll(true);
      if (outcome !== "kept") return; // the page is being replaced
      form.classList.remove("sending");
      clearForm();
      setNumber(nextNumber(entry.number + 1));
      show(state || "offline"); // listed at once, even while an earlier send is under way
      box.scrollIntoView({ block: "start" });
    });
  }
  // A live preview that could not reach the server says so rather than staying blank.
  document.addEventListener("htmx:sendError", noPreview);
  window.addEventListener("online", retryNow);
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible") retryNow();
  });
  sendButton.addEventListener("click", () => {
    attempts = 0;
    sendAll();
  });

  // On opening the page: the hand this page answers is shown now and no longer kept; the
  // form skips the numbers kept; the others are sent, or offered while an answer is read.
  const answered = kept().find((entry) => entry.key === box.dataset.answered);
  if (answered) forget(answered);
  if (form) {
    const number = Number(numberField().value);
    if (nextNumber(number) !== number) setNumber(nextNumber(number));
  }
  const answerShown = answered || document.querySelector(".notice.conflict");
  if (answered && !form) {
    show("answered", [answered]); // the game is over: what was typed, and why it is not saved
  } else if (kept().length && answerShown) {
    show("waiting");
  } else if (kept().length && navigator.onLine === false) {
    show("offline");
  } else if (kept().length) {
    sendAll();
  }
})();
