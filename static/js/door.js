// The door's phone: the camera reads a player's QR code (the browser's BarcodeDetector where
// it has one, the vendored jsQR otherwise), the server says who it is, one tap checks him in,
// and the camera goes on to the next. Every word comes from the page (data attributes and
// the fragments the server renders).
(function () {
  "use strict";
  const root = document.querySelector("[data-door]");
  if (!root) return;
  const start = root.querySelector("[data-scan-start]");
  const video = root.querySelector("[data-scan-video]");
  const status = root.querySelector("[data-scan-status]");
  const card = root.querySelector("[data-door-card]");
  const csrf = document.querySelector("[name=csrfmiddlewaretoken]");
  const canvas = document.createElement("canvas");
  const context = canvas.getContext("2d", { willReadFrequently: true });
  const done = new Set(); // codes this phone has checked in: a code held up again is skipped
  let detector = null;
  let busy = false; // a card is waiting for its tap
  // On a venue's Wi-Fi a request can hang without ever failing: after this long the volunteer
  // is told the tap did not go through, and can make it again (a check-in twice is harmless).
  const ANSWER_WITHIN = 10000; // ms
  // A check-in's "✓ … is in" stays this long before the camera goes on to the next code:
  // held up already, that one would replace it before anyone could read it.
  const SHOWN_FOR = 1000; // ms

  function ask(url, options) {
    const deadline = new AbortController();
    const timer = window.setTimeout(function () {
      deadline.abort();
    }, ANSWER_WITHIN);
    const asked = Object.assign({ credentials: "same-origin", signal: deadline.signal }, options);
    return fetch(url, asked)
      .then(function (response) {
        // A fee refused answers 400 with the card saying why (the door's only 400).
        if (!response.ok && response.status !== 400) throw new Error(String(response.status));
        return response.text();
      })
      .finally(function () {
        window.clearTimeout(timer);
      });
  }

  if (!navigator.mediaDevices || !navigator.mediaDevices.getUserMedia) {
    status.textContent = root.dataset.noCamera;
    return;
  }
  start.hidden = false;

  function decoder() {
    if ("BarcodeDetector" in window) {
      detector = new window.BarcodeDetector({ formats: ["qr_code"] });
      return Promise.resolve();
    }
    if (window.jsQR) return Promise.resolve();
    return new Promise(function (resolve, reject) {
      const script = document.createElement("script");
      script.src = root.dataset.decoder;
      script.onload = resolve;
      script.onerror = reject;
      document.head.appendChild(script);
    });
  }

  function read() {
    if (detector) {
      return detector.detect(video).then(function (codes) {
        return codes.length ? codes[0].rawValue : null;
      });
    }
    const width = video.videoWidth;
    const height = video.videoHeight;
    if (!width || !height) return Promise.resolve(null);
    canvas.width = width;
    canvas.height = height;
    context.drawImage(video, 0, 0, width, height);
    const pixels = context.getImageData(0, 0, width, height);
    const code = window.jsQR(pixels.data, width, height, { inversionAttempts: "dontInvert" });
    return Promise.resolve(code ? code.data : null);
  }

  // Every 120 ms, a look at the camera; while a card waits for its tap, only the wait.
  function scan() {
    function next() {
      window.setTimeout(scan, 120);
    }
    if (busy) {
      next();
      return;
    }
    read()
      .then(function (text) {
        if (text && !busy && !done.has(text)) show(text);
      })
      .catch(function () {})
      .finally(next);
  }

  function show(text) {
    busy = true;
    const url = root.dataset.scannedUrl + "?code=" + encodeURIComponent(text);
    ask(url, {})
      .then(function (html) {
        card.innerHTML = html;
        card.dataset.code = text;
        status.textContent = root.dataset.looking;
        const button = card.querySelector(".check-in-button");
        if (button) button.focus();
        else done.add(text);
      })
      .catch(function () {
        status.textContent = root.dataset.failed;
        busy = false;
      });
  }

  // A check-in, or the entry fee of the player just checked in: one tap, the card says so.
  // While the card offers a fee to take, the camera waits (for that tap or "Scan the next one").
  card.addEventListener("submit", function (event) {
    const form = event.target.closest("[data-check-in], [data-fee]");
    if (!form) return;
    event.preventDefault();
    // The tap is taken: its buttons wait for the answer (a second tap would send it twice).
    if (form.hasAttribute("aria-busy")) return;
    const buttons = form.querySelectorAll("button[type=submit]");
    form.setAttribute("aria-busy", "true");
    buttons.forEach(function (button) {
      button.disabled = true;
    });
    status.textContent = root.dataset.sending;
    const headers = { "X-Door": "1" };
    if (csrf) headers["X-CSRFToken"] = csrf.value;
    const body = new FormData(form);
    if (event.submitter && event.submitter.name) {
      body.set(event.submitter.name, event.submitter.value);
    }
    const code = card.dataset.code; // the answer is this card's, whatever is shown by then
    ask(form.action, { method: "POST", body: body, headers: headers })
      .then(function (html) {
        done.add(code);
        const answer = document.createElement("template");
        answer.innerHTML = html;
        const count = answer.content.querySelector("[data-count]");
        const total = document.getElementById("door-count");
        if (count && total) total.innerHTML = count.innerHTML;
        // The volunteer went on to the next code meanwhile (Cancel): that card stays.
        if (!card.contains(form)) return;
        card.replaceChildren(answer.content);
        const fee = card.querySelector("[data-fee] button");
        if (fee) fee.focus();
        // The camera waits for the fee's tap, which the card asks for.
        status.textContent = fee ? "" : root.dataset.looking;
        busy = true;
        if (!fee) {
          window.setTimeout(function () {
            busy = false;
          }, SHOWN_FOR);
        }
      })
      .catch(function () {
        if (!card.contains(form)) return;
        // No answer, or a refusal: the same card, its buttons ready for the tap again.
        status.textContent = root.dataset.failed;
        form.removeAttribute("aria-busy");
        buttons.forEach(function (button) {
          button.disabled = false;
        });
        const again = event.submitter || buttons[0];
        if (again) again.focus();
      });
  });

  card.addEventListener("click", function (event) {
    if (!event.target.closest("[data-scan-next]")) return;
    card.innerHTML = "";
    busy = false;
  });

  start.addEventListener("click", function () {
    start.hidden = true;
    decoder()
      .then(function () {
        return navigator.mediaDevices.getUserMedia({
          video: { facingMode: "environment" },
          audio: false,
        });
      })
      .then(function (stream) {
        video.srcObject = stream;
        video.hidden = false;
        status.textContent = root.dataset.looking;
        return video.play();
      })
      .then(scan)
      .catch(function () {
        start.hidden = false;
        status.textContent = root.dataset.noCamera;
      });
  });
})();
