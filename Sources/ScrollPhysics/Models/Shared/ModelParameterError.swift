/// A bad model name, key or value, as one line naming the model and what is wrong.
public struct ModelParameterError: Error, Equatable, Sendable, CustomStringConvertible {
    public let message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}
