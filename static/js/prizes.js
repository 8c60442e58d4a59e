// A prize category's form: only the fields of the kind chosen are shown (all of them without
// JavaScript, each group named by its legend).
(function () {
  "use strict";
  for (const form of document.querySelectorAll(".prize-category-form")) {
    const kind = form.querySelector("select[name=kind]");
    if (!kind) continue;
    const show = () => {
      for (const group of form.querySelectorAll("fieldset[data-kind]")) {
        group.hidden = group.dataset.kind !== kind.value;
      }
    };
    kind.addEventListener("change", show);
    show();
  }
})();
