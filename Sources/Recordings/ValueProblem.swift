/// What is wrong with a value given as text (an option's), in words: the parsers of a fault's
/// instant and of a udev property throw it for the command line to say.
public struct ValueProblem: Error, CustomStringConvertible, Sendable {
    public var description: String

    public init(_ description: String) { self.description = description }
}
