// Starts the app on a page whose content the server drew (docs/product.md#content-before-script):
// the page paints first, then the app's code is asked for, every module at once, and takes over.
;(function () {
  var script = document.currentScript
  var entry = script && script.getAttribute('data-entry')
  if (!entry) return
  var started = false
  function start() {
    if (started) return
    started = true
    var preloads = (script.getAttribute('data-preload') || '').split(' ')
    for (var i = 0; i < preloads.length; i++) {
      if (!preloads[i]) continue
      var link = document.createElement('link')
      link.rel = 'modulepreload'
      link.crossOrigin = ''
      link.href = preloads[i]
      document.head.appendChild(link)
    }
    import(entry)
  }
  // After the next frame is painted; a tab in the background paints none, so at most 200 ms.
  requestAnimationFrame(function () {
    setTimeout(start, 0)
  })
  setTimeout(start, 200)
})()
