/// A part the command needs that is missing and that it could not make (a libinput build): the
/// one failure the command finds itself, outside the libraries.
struct CommandError: Error, CustomStringConvertible {
    var description: String
}
