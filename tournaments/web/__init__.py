"""Page plumbing the views share: who may act (permissions), what an action did (feedback),
throttling, downloads, polling and its middleware, the fragment cache, stored PDFs as
responses, the offline entry's answers."""
