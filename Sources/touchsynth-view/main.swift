import Foundation
import TouchSynthCommands
import ViewServer

// A browser's connections and the stream's each hold a descriptor: the soft limit (often 1,024)
// is raised to the hard one, as servers and Go's runtime do, so the server runs out later.
var limit = rlimit()
if getrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &limit) == 0 && limit.rlim_cur < limit.rlim_max {
    limit.rlim_cur = limit.rlim_max
    setrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &limit)
}
// `touchsynth` runs this in its own place for `view` and `bench --view-stream`: the same commands,
// with the web server linked in.
ViewServers.make = { title, address, port throws(ViewServerError) in
    try ViewServer(title: title, address: address, port: port)
}
exit(TouchSynth.executeCommandLine())
