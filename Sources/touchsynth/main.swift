import TouchSynthCommands

// `view` and `bench --view-stream` serve the page: touchsynth-view, which links the web server,
// runs them in this process's place.
if ViewServers.serve(Array(CommandLine.arguments.dropFirst())) { ViewServers.handOver() }
TouchSynth.main()
