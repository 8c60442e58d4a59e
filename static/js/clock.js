// Round clocks (templates/clock/_clock.html) count down between two polls.
//
// The page carries the deadline and the server's time when it was made: the difference
// between the server's time and this device's is kept, so a phone whose own clock is wrong
// still shows the right time left. Each poll's Date header re-syncs it; the polled fragment
// brings a new deadline when the organiser pauses, resumes or extends the clock.
(() => {
  let offset = null; // the server's time minus this device's, in milliseconds
  const announced = new Set(); // deadlines whose end was already said aloud

  function syncFromPage() {
    const clock = document.querySelector("[data-clock][data-server-now]");
    if (clock && clock.dataset.serverNow) {
      offset = Number(clock.dataset.serverNow) - Date.now();
    }
  }

  // A poll's answer says the server's time to the second: re-sync when it disagrees by more
  // than that, so that the seconds shown do not jitter from one poll to the next.
  function syncFromResponse(event) {
    const xhr = event.detail && event.detail.xhr;
    const date = xhr && xhr.getResponseHeader("Date");
    const server = date ? Date.parse(date) : NaN;
    if (Number.isNaN(server)) return;
    const candidate = server + 500 - Date.now();
    if (offset === null || Math.abs(candidate - offset) > 1500) offset = candidate;
  }

  function clockText(seconds) {
    const hours = Math.floor(seconds / 3600);
    const minutes = Math.floor((seconds % 3600) / 60);
    const rest = String(seconds % 60).padStart(2, "0");
    if (hours) return `${hours}:${String(minutes).padStart(2, "0")}:${rest}`;
    return `${minutes}:${rest}`;
  }

  function update(clock) {
    // A paused clock shows the time the server froze; time up never runs again.
    if (clock.dataset.state !== "running") return;
    const deadline = Number(clock.dataset.deadline);
    if (!deadline) return;
    const now = Date.now() + (offset || 0);
    const left = Math.max(0, Math.ceil((deadline - now) / 1000));
    const time = clock.querySelector("[data-clock-time]");
    if (time) time.textContent = clockText(left);
    if (left === 0) {
      clock.dataset.state = "time_up";
      const voice = clock.querySelector("[data-clock-announce]");
      if (voice && !announced.has(deadline)) {
        announced.add(deadline);
        voice.textContent = voice.dataset.text;
      }
    }
  }

  function tick() {
    document.querySelectorAll("[data-clock]").forEach(update);
  }

  syncFromPage();
  tick();
  setInterval(tick, 1000);
  // Re-synced before the new fragment goes in, which then shows its time at once.
  document.addEventListener("htmx:beforeSwap", syncFromResponse);
  document.addEventListener("htmx:afterSwap", tick);
})();
