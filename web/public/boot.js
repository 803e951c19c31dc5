// Starts the app on a page whose content the server drew (docs/product.md#content-before-script):
// the page paints first, then the app's code is asked for, every module at once, and run a module
// at a time, each in a task of its own, so that no single task holds a phone's main thread for long.
;(function () {
  var script = document.currentScript
  var entry = script && script.getAttribute('data-entry')
  if (!entry) return
  var modules = (script.getAttribute('data-preload') || '').split(' ').filter(Boolean)
  var started = false

  // A new task soon, without the 4 ms a nested timer is held back by.
  var channel = typeof MessageChannel === 'function' ? new MessageChannel() : null
  var waiting = []
  if (channel) {
    channel.port1.onmessage = function () {
      waiting.shift()()
    }
  }
  function inNewTask(then) {
    if (!channel) return setTimeout(then, 0)
    waiting.push(then)
    channel.port2.postMessage(null)
  }

  // One step a task: a module's download asked for (all of them first, so they come at once), then
  // each module run (what it imports first, as modules do), the entry last. A module that fails to
  // load is passed over: the entry's own import tells.
  function preload(file) {
    return function () {
      var link = document.createElement('link')
      link.rel = 'modulepreload'
      link.crossOrigin = ''
      link.href = file
      document.head.appendChild(link)
    }
  }
  function load(file) {
    return function () {
      return import(file)
    }
  }
  var steps = modules.map(preload).concat(modules.map(load), [load(entry)])
  function run(index) {
    if (index === steps.length) return
    var next = function () {
      inNewTask(function () {
        run(index + 1)
      })
    }
    var done = steps[index]()
    if (done) done.then(next, next)
    else next()
  }

  function start() {
    if (started) return
    started = true
    inNewTask(function () {
      run(0)
    })
  }

  // Once the browser reports the first contentful paint: a request made in the frame that paints
  // would race the paint. A tab in the background paints nothing, and a browser that reports no
  // paints is given the next frame; either way it starts within a second.
  var observes = typeof PerformanceObserver === 'function' && (PerformanceObserver.supportedEntryTypes || []).indexOf('paint') >= 0
  if (observes) {
    new PerformanceObserver(function (list, observer) {
      var entries = list.getEntries()
      for (var i = 0; i < entries.length; i++) {
        if (entries[i].name !== 'first-contentful-paint') continue
        observer.disconnect()
        inNewTask(start)
      }
    }).observe({ type: 'paint', buffered: true })
  } else {
    requestAnimationFrame(function () {
      setTimeout(start, 0)
    })
  }
  if (document.visibilityState === 'hidden') start()
  setTimeout(start, 1000)
})()
