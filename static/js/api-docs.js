// The API's readable page: Redoc (bundled with Django Ninja) lays out the OpenAPI document
// named by the page. A file of its own, since the site's CSP allows no inline script.
"use strict";
(function () {
  var element = document.getElementById("api-docs");
  if (element && window.Redoc) {
    window.Redoc.init(element.dataset.schema, { hideDownloadButton: false }, element);
  }
})();
