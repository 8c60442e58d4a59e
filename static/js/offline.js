// A hand typed while the venue's Wi-Fi is down is never lost, never doubled (docs/offline.md).
// Save keeps the hand on the phone (localStorage, by its entry id) before anything else; when
// the browser says it is offline it stays kept at once, otherwise it is sent and, with no
// answer within a few seconds, kept too. Kept hands are sent again, in order, as soon as the
// connection is back (the "online" event, the table's poll reaching the server, retries every
// few seconds, "Send now", the page opened again), each with the id it was given when first
// saved (a hand whose answer was lost is stored once) and its base, the hand it was typed
// after. A kept hand the table has moved past (its number taken, its base deleted or
// replaced) is refused by the server and set aside: shown beside what the table holds, it is
// never sent again until the player sends it as the next hand or discards it.
// The rules' refusals are shown by the server's own page: the kept hand is posted as a plain
// form, and the page that answers names it (data-answered), which is then no longer kept.
// Without JavaScript the form posts as always.
(() => {
  "use strict";
  const box = document.getElementById("pending-hands");
  if (!box) return;
  const form = document.getElementById("hand-form"); // none once the game is over
  const status = document.getElementById("connection-status");
  const asideBox = document.getElementById("set-aside");
  const asideList = asideBox.querySelector(".set-aside-list");
  const asideItem = document.getElementById("set-aside-item");
  const action = box.dataset.action;
  const actionPath = new URL(action, location.href).pathname;
  const PREFIX = `ramiscore:pending-hand:${box.dataset.game}:`;
  const list = box.querySelector(".pending-list");
  const note = box.querySelector(".pending-note");
  const sendButton = box.querySelector(".pending-send");
  // Save waits this long for the server, then frees the form for the next hand (the hand
  // stays kept, its request goes on: a busy server's answer still counts). A request with
  // no answer after DEAD is a lost connection, given up and tried again RETRY_CAP seconds
  // later at most: every kept hand goes within seconds of the link's return.
  const PATIENCE = 4000;
  const DEAD = 20000;
  const RETRY_CAP = 4;
  const RETRIED = ["offline", "full"]; // states that pass: the hands are sent again by themselves
  const fill = (template, values) => template.replace(/%\((\w+)\)s/g, (_, name) => values[name]);

  // What the page knows of the table (views/entry_live.py): the next hand, the base of a
  // hand typed now, whether the game is over; table.js replaces it as the table moves.
  const readTable = () => JSON.parse(document.getElementById("table-state")?.textContent || "{}");
  let table = readTable();

  // Kept hands: localStorage when the browser allows it, else this page's memory. One entry
  // per hand, by its id: {key, number, after, fields, summary, kept, state, why, holds,
  // typedAs}; state "" (to send), "set_aside" (the player decides) or "discard" (to report).
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
  const all = () =>
    storedNames()
      .map(read)
      .filter((entry) => entry?.key && entry.number > 0 && Array.isArray(entry.fields))
      .sort((a, b) => a.number - b.number || a.kept - b.kept);
  const toSend = () => all().filter((entry) => !entry.state);
  const setAside = () => all().filter((entry) => entry.state === "set_aside");
  function keep(entry) {
    const name = PREFIX + entry.key;
    try {
      storage.setItem(name, JSON.stringify(entry));
    } catch {
      memory.set(name, JSON.stringify(entry)); // no storage, or full: at least this page keeps it
    }
  }
  function forget(entry) {
    // Entries kept by an earlier version of this script are named by their number.
    for (const name of [PREFIX + entry.key, PREFIX + entry.number]) {
      if (read(name)?.key !== entry.key) continue;
      memory.delete(name);
      storage?.removeItem(name);
    }
  }
  // The totals and the preview count the hands still to send (table.js).
  window.RamiscoreKept = { toSend };

  // The next hand's number, past the hands kept to send, and its base: the kept hand just
  // before it, else the table's last hand.
  function nextFree(from) {
    const taken = new Set(toSend().map((entry) => entry.number));
    let number = from;
    while (taken.has(number)) number += 1;
    return number;
  }
  function baseFor(number) {
    const before = toSend().find((entry) => entry.number === number - 1);
    return before ? `k${before.key}` : table.last || "";
  }

  // What the page says: the connection at all times, then the kept hands in order.
  let state = "";
  let busy = false;
  let reachable = true; // the last request reached the server
  let justSent = false;
  function updateStatus() {
    if (!status) return;
    const pending = toSend().length;
    let kind = "online";
    let words = status.dataset.online;
    if (busy && reachable) {
      kind = "sending";
      words = status.dataset.sending;
    } else if (pending) {
      kind = "kept";
      words = fill(pending === 1 ? status.dataset.keptOne : status.dataset.keptMany, { count: pending });
      if (navigator.onLine !== false && !reachable) words += ` ${status.dataset.noAnswer}`;
    } else if (setAside().length) {
      kind = "set-aside";
      words = status.dataset.setAside;
    } else if (navigator.onLine === false || !reachable) {
      kind = "offline";
      words = status.dataset.offline;
    } else if (justSent) {
      kind = "sent";
      words = status.dataset.sent;
    }
    status.dataset.state = kind;
    status.querySelector(".status-text").textContent = words;
    status.hidden = false;
  }
  function show(newState = state) {
    state = newState;
    const entries = toSend();
    for (const line of box.querySelectorAll(".pending-state")) {
      line.hidden = line.dataset.state !== state;
    }
    list.replaceChildren(...entries.map(listItem));
    sendButton.hidden = ![...RETRIED, "waiting"].includes(state);
    note.hidden = state === "answered";
    box.hidden = !entries.length && state !== "answered";
    showSetAside();
    updateStatus();
    document.dispatchEvent(new CustomEvent("ramiscore:kept"));
  }
  function handLine(entry) {
    const hand = fill(box.dataset.textHand, { number: entry.number });
    return entry.summary ? `${hand} · ${entry.summary}` : hand;
  }
  function listItem(entry) {
    const item = document.createElement("li");
    item.textContent = handLine(entry);
    return item;
  }

  // Set-aside hands: each beside what the table holds, to send as the next hand or discard.
  function showSetAside() {
    const entries = setAside();
    asideBox.hidden = !entries.length;
    asideList.replaceChildren(...entries.map(setAsideItem));
  }
  function setAsideItem(entry) {
    const item = asideItem.content.firstElementChild.cloneNode(true);
    const number = nextFree(table.next || 1);
    item.querySelector(".set-aside-hand strong").textContent = handLine(entry);
    item.querySelector(".set-aside-why").textContent = entry.why || "";
    const holds = item.querySelector(".set-aside-holds");
    holds.textContent = entry.holds ? fill(holds.dataset.text, { hand: entry.holds }) : "";
    holds.hidden = !entry.holds;
    const send = item.querySelector(".set-aside-send");
    send.textContent = fill(send.dataset.text, { number });
    send.hidden = Boolean(table.over);
    const confirm = item.querySelector(".set-aside-confirm");
    const question = confirm.querySelector("p");
    question.textContent = fill(question.dataset.text, { number: entry.number });
    send.addEventListener("click", () => sendAsNext(entry, number));
    item.querySelector(".set-aside-discard").addEventListener("click", () => {
      confirm.hidden = false;
      confirm.querySelector(".set-aside-keep").focus();
    });
    item.querySelector(".set-aside-keep").addEventListener("click", () => {
      confirm.hidden = true;
    });
    item.querySelector(".set-aside-discard-yes").addEventListener("click", () => discard(entry));
    return item;
  }
  function sendAsNext(entry, number) {
    keep({
      ...entry,
      typedAs: entry.typedAs || entry.number,
      number,
      after: baseFor(number),
      state: "",
      why: "",
      holds: "",
    });
    syncForm();
    show();
    sendAll();
  }
  function discard(entry) {
    keep({ ...entry, state: "discard" });
    show();
    sendAll();
  }

  // The hand on the form: its fields as the form posts them, a new id, its base and a
  // summary to show.
  function capture() {
    const bytes = crypto.getRandomValues(new Uint8Array(16)); // randomUUID needs HTTPS
    const key = [...bytes].map((byte) => byte.toString(16).padStart(2, "0")).join("");
    const fields = [...new FormData(form)].filter(
      ([name]) => !["csrfmiddlewaretoken", "idempotency_key", "after", "number"].includes(name),
    );
    const after = form.querySelector('input[name="after"]')?.value || "";
    // Where it is sent from, and that table's name: a table tent may lead elsewhere next round.
    const page = action;
    const where = document.querySelector(".entry-head h1")?.textContent.trim() || "";
    return { key, number: Number(numberField().value), after, fields, summary: summary(), kept: Date.now(), state: "", page, where };
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
  // Whether the form holds a hand being typed (the way it ended is preset: not counted).
  function pristine() {
    if (!form) return true;
    if (form.querySelector('input[name="ended_by"]:checked, input[type="checkbox"]:checked')) return false;
    return [...form.querySelectorAll(".held-input")].every((input) => !input.value.trim());
  }

  // The form's hand number and base follow the table and the kept hands while nothing is
  // being typed; a hand being typed keeps the base it was started on (the server then says
  // whether the table moved meanwhile).
  function setNumber(number) {
    numberField().value = String(number);
    const after = form.querySelector('input[name="after"]');
    if (after) after.value = baseFor(number);
    const title = document.getElementById("entry-title");
    if (title) title.textContent = fill(box.dataset.textHand, { number });
    const save = form.querySelector('button[type="submit"]:not([formaction])');
    if (save) save.textContent = fill(box.dataset.textSave, { number });
  }
  function syncForm() {
    if (!form || !table.next) return;
    if (pristine()) setNumber(nextFree(table.next)); // the base may move with the number
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
    const preview = document.getElementById("preview");
    if (preview) preview.replaceChildren(...emptyPreview.map((node) => node.cloneNode(true)));
  }
  // The preview as the page first showed it (its hint), for the next hand's empty form.
  const emptyPreview = [...(document.getElementById("preview")?.childNodes || [])].map((node) =>
    node.cloneNode(true),
  );

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
  const signal = () => (AbortSignal.timeout ? AbortSignal.timeout(DEAD) : undefined);
  function body(entry, extra = {}) {
    const data = new URLSearchParams(entry.fields);
    data.set("number", String(entry.number));
    data.set("idempotency_key", entry.key);
    if (entry.after) data.set("after", entry.after);
    if (entry.typedAs) data.set("set_aside", String(entry.typedAs));
    for (const [name, value] of Object.entries(extra)) data.set(name, value);
    data.set("csrfmiddlewaretoken", csrfToken());
    return data;
  }
  const post = (url, data) =>
    fetch(url, {
      method: "POST",
      body: data,
      credentials: "same-origin",
      headers: { Accept: "application/json" },
      signal: signal(),
    });
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
  async function exchange(url, entry, extra) {
    let response = await post(url, body(entry, extra));
    if (response.status === 403) {
      const refreshed = await refreshToken();
      if (refreshed === "login") return { response, login: true };
      if (refreshed === "ok") response = await post(url, body(entry, extra));
    }
    return { response };
  }
  const json = async (response) =>
    (response.headers.get("Content-Type") || "").includes("json") ? response.json().catch(() => null) : null;
  async function send(entry) {
    let answer;
    try {
      answer = await exchange(action, entry);
    } catch {
      return { state: "offline" }; // no connection, or no answer in time
    }
    const { response, login } = answer;
    if (login) return { state: "login" };
    const data = await json(response);
    if (response.ok && data?.next) {
      return { saved: data.next, message: data.message, over: data.over, table: data.table };
    }
    if (response.status === 409 && data?.same) return { same: data };
    if (response.status === 409 && data?.set_aside) return { setAside: data.set_aside };
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
  async function report(entry) {
    const url = box.dataset.discard.replace(box.dataset.keySlot, entry.key);
    try {
      const { response, login } = await exchange(url, entry, { number: String(entry.typedAs || entry.number) });
      if (login) return { state: "login" };
      const data = await json(response);
      if (response.ok || (response.status === 409 && data?.next)) return { done: data?.next || "" };
      if (response.status >= 500) return { state: "offline" };
      return { done: "" }; // refused as malformed: nothing more this phone can do with it
    } catch {
      return { state: "offline" };
    }
  }

  // The server's own page for a refusal: the kept hand posted as a plain form.
  function postPlainly(entry) {
    const plain = document.createElement("form");
    plain.method = "post";
    plain.action = action;
    plain.hidden = true;
    for (const [name, value] of body(entry)) {
      const input = document.createElement("input");
      input.type = "hidden";
      input.name = name;
      input.value = value;
      plain.append(input);
    }
    document.body.append(plain);
    plain.submit();
  }

  // Every kept hand, in order, and the discards to report. Once they are stored the page
  // with them follows (the server's: "Hand 3 saved."), unless a hand is being typed: then
  // the page stays and its live part is brought up to date. `saving.page`: the hand just
  // saved is among them, and Save still waits for it. Returns "saved" and "answered" (the
  // page is being replaced), "sent" (stored, the page stays), "set_aside", "kept" (some
  // remain) or "".
  let timer = 0;
  let attempts = 0;
  async function sendAll(saving = { page: false }) {
    const entries = all().filter((entry) => entry.state !== "set_aside");
    if (busy || !entries.length) return busy ? "kept" : "";
    busy = true;
    justSent = false;
    clearTimeout(timer);
    if (!saving.page) show("sending");
    updateStatus();
    let next = "";
    let setAsideNow = false;
    const said = []; // what the server says of each hand saved ("Hand 3 saved.")
    let reload = false; // the page must be loaded again: the game over, or a message kept for it
    let tableAfter = null; // the table after the last hand saved: its next hand and base
    const say = () => said.length && announce(said);
    try {
      for (const entry of entries.filter((e) => e.state === "discard")) {
        const result = await report(entry);
        if (result.state) return stop(result.state);
        forget(entry);
        next = result.done || next;
      }
      for (const entry of all().filter((e) => !e.state)) {
        const result = await send(entry);
        if (result.saved) {
          forget(entry);
          next = result.saved;
          if (result.message) said.push(result.message);
          reload = reload || Boolean(result.over) || !result.table;
          tableAfter = result.table;
        } else if (result.same) {
          // Stored from another phone exactly as typed: as good as saved, and the hands
          // typed after it follow the stored one (the page loaded again says so).
          forget(entry);
          rebase(`k${entry.key}`, result.same.ref);
          next = result.same.next;
          reload = true;
        } else if (result.setAside) {
          const answer = result.setAside;
          keep({ ...entry, state: "set_aside", why: answer.message, holds: answer.holds });
          table = { ...table, ...answer.table };
          setAsideNow = true;
        } else if (result.answered) {
          postPlainly(entry);
          return "answered";
        } else {
          say(); // the hands saved before it, said (their words are kept for no other page)
          return stop(result.state);
        }
      }
    } finally {
      busy = false;
    }
    reachable = true;
    attempts = 0;
    if (next && (saving.page || pristine())) {
      if (reload || !tableAfter) {
        location.replace(next); // the page as it is now: the game over, a hand stored elsewhere
        return "saved";
      }
      // Saved from this page: it stays, says so, and moves on to the next hand, after the
      // table as the server left it (it may hold hands from other phones since).
      table = { ...table, ...tableAfter };
      document.dispatchEvent(new CustomEvent("ramiscore:saved", { detail: table })); // table.js
      for (const notice of document.querySelectorAll(".notice.conflict")) notice.remove(); // answered
      announce(said);
      document.getElementById("delete-last")?.removeAttribute("hidden"); // an organiser's, now a hand is there
      justSent = true;
      syncForm();
      show("");
      document.dispatchEvent(new CustomEvent("ramiscore:refresh")); // the totals and hands, fetched
      return "stayed";
    }
    justSent = Boolean(next);
    say(); // sent while another hand is being typed: said where the page says things
    syncForm();
    show("");
    // What the table holds now, beside the hands set aside or in place of those sent.
    if (next || setAsideNow) document.dispatchEvent(new CustomEvent("ramiscore:refresh"));
    return setAsideNow && !next ? "set_aside" : next ? "sent" : "";
  }
  // The server's words on the hands saved, where a page shows its messages (templates/_messages.html).
  function announce(lines) {
    // The page's live region (templates/_messages.html: the entry page has it, empty, from the
    // start, so that a screen reader reads what comes into it).
    const region = document.querySelector("#content .message-region");
    if (!region) return;
    const messages = document.createElement("ul");
    messages.className = "messages";
    for (const line of lines) {
      const item = document.createElement("li");
      item.className = "message success";
      item.textContent = line;
      messages.append(item);
    }
    region.replaceChildren(messages);
  }
  function stop(newState) {
    busy = false;
    reachable = newState !== "offline";
    show(newState);
    if (RETRIED.includes(newState)) retryLater();
    return "kept";
  }
  function rebase(from, to) {
    for (const entry of toSend()) if (entry.after === from) keep({ ...entry, after: to });
  }
  function retryLater() {
    attempts += 1;
    timer = setTimeout(sendAll, Math.min(RETRY_CAP, 2 ** attempts) * 1000); // 2 s, then every 4 s
  }
  const retryNow = () => {
    if (!busy && all().some((entry) => entry.state !== "set_aside")) sendAll();
  };

  if (form) {
    form.addEventListener("submit", async (event) => {
      if (event.submitter?.hasAttribute("formaction")) return; // Preview, not Save
      event.preventDefault();
      if (form.classList.contains("sending")) return; // a second tap on Save
      const entry = capture();
      keep(entry);
      // The words on the hand before are old now: what this one gives replaces them.
      document.querySelector("#content .message-region")?.replaceChildren();
      if (navigator.onLine === false) {
        // The browser knows: no waiting for an answer that cannot come.
        reachable = false;
        clearForm();
        setNumber(nextFree(entry.number + 1));
        show("offline");
        box.scrollIntoView({ block: "start" });
        return;
      }
      form.classList.add("sending");
      const saving = { page: true };
      const patience = new Promise((resolve) => setTimeout(resolve, PATIENCE, "waiting"));
      const outcome = await Promise.race([sendAll(saving), patience]);
      if (outcome === "saved" || outcome === "answered") return; // the page is being replaced
      if (outcome === "stayed") {
        // Saved: the form is the next hand's, empty, and the message is read at the top.
        form.classList.remove("sending");
        clearForm();
        syncForm();
        document.getElementById("content")?.scrollIntoView({ block: "start" });
        return;
      }
      saving.page = false; // no answer yet: the form is free, the answer comes in the background
      form.classList.remove("sending");
      clearForm();
      setNumber(nextFree(table.next && outcome === "set_aside" ? table.next : entry.number + 1));
      if (outcome === "waiting") reachable = false; // said as "the server does not answer"
      show(state || "offline"); // listed at once, even while an earlier send is under way
      (outcome === "set_aside" ? asideBox : box).scrollIntoView({ block: "start" });
    });
  }
  window.addEventListener("online", retryNow);
  window.addEventListener("offline", () => {
    reachable = false;
    updateStatus();
  });
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible") retryNow();
  });
  // table.js: the table's state as the server now says it (the server is reachable).
  document.addEventListener("ramiscore:table", (event) => {
    table = event.detail;
    if (event.detail.kept) {
      syncForm(); // the table as this phone last saw it (a page opened with no network)
      show();
      return;
    }
    reachable = true;
    syncForm();
    show();
    retryNow();
  });
  document.addEventListener("ramiscore:unreachable", () => {
    reachable = false;
    updateStatus();
  });
  sendButton.addEventListener("click", () => {
    attempts = 0;
    sendAll();
  });

  // Hands kept for another table (a table tent now opens the next round's game): a link to
  // each page they are sent from.
  function otherTables() {
    const other = document.getElementById("other-tables");
    if (!other || !storage) return;
    const pages = new Map();
    for (let i = 0; i < storage.length; i++) {
      const name = storage.key(i);
      if (!name.startsWith("ramiscore:pending-hand:") || name.startsWith(PREFIX)) continue;
      const entry = read(name);
      if (entry?.page) pages.set(entry.page, entry.where || new URL(entry.page, location.href).pathname);
    }
    other.replaceChildren(other.firstChild);
    for (const [page, where] of pages) {
      const link = document.createElement("a");
      link.href = page;
      link.className = "button secondary";
      link.textContent = where;
      other.append(" ", link);
    }
    other.hidden = !pages.size;
  }
  otherTables();

  // On opening the page: the hand this page answers is shown now and no longer kept; the
  // form skips the numbers kept; the others are sent, or offered while an answer is read.
  const answered = all().find((entry) => entry.key === box.dataset.answered);
  if (answered) forget(answered);
  syncForm();
  const answerShown = answered || document.querySelector(".notice.conflict");
  if (answered && !form) {
    state = "answered";
    box.hidden = false;
    for (const line of box.querySelectorAll(".pending-state")) line.hidden = line.dataset.state !== state;
    list.replaceChildren(listItem(answered)); // the game is over: what was typed, and why not saved
    note.hidden = true;
    sendButton.hidden = true;
    showSetAside();
    updateStatus();
  } else if (toSend().length && answerShown) {
    show("waiting");
  } else if (all().some((entry) => entry.state !== "set_aside") && navigator.onLine === false) {
    reachable = false;
    show("offline");
  } else if (all().some((entry) => entry.state !== "set_aside")) {
    show("");
    sendAll();
  } else {
    show("");
  }
})();
