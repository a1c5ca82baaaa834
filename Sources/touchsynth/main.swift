import TouchSynthCommands

// `view` and `bench --view-stream` continue in touchsynth-view, which links the web server.
TouchSynth.main()
