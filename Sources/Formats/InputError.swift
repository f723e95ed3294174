/// A problem with something the user gave (a file, a flag, a value), as the one line to show:
/// it names the file or flag, the key or position, and what is allowed.
public struct InputError: Error, Equatable, Sendable, CustomStringConvertible {
    public let message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}
