import Foundation
import TouchSynthCommands

// `view` and `bench --view-stream` serve the page: touchsynth-view, which links the web server,
// runs them in this process's place.
let arguments = Array(CommandLine.arguments.dropFirst())
exit(ViewServers.serve(arguments) ? ViewServers.handOver() : TouchSynth.executeCommandLine())
