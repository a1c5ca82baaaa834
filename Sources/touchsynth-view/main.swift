import Foundation
import TouchSynthCommands
import ViewServer

// `touchsynth` runs this in its own place for `view` and `bench --view-stream`: the same commands,
// with the web server linked in.
ViewServers.make = { title, address, port throws(ViewServerError) in
    try ViewServer(title: title, address: address, port: port)
}
exit(TouchSynth.execute(Array(CommandLine.arguments.dropFirst())))
