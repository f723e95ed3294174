import CSDL2
import SafeOutput

/// A failed SDL, SDL_ttf or SDL_image call: what was attempted and SDL's own reason.
public struct SDLError: Error, CustomStringConvertible, Sendable {
    public let operation: String
    public let reason: String

    public init(_ operation: String) {
        self.operation = operation
        self.reason = SDL_GetError().flatMap { String(validatingCString: $0) } ?? ""
    }

    /// An output that could not be written, as its own one line.
    package init(_ error: OutputError) {
        operation = error.message
        reason = ""
        isOutput = true
    }

    private var isOutput = false

    public init(_ operation: String, reason: String) {
        self.operation = operation
        self.reason = reason
    }

    public var description: String {
        isOutput ? operation : reason.isEmpty ? "\(operation) failed" : "\(operation) failed: \(reason)"
    }
}
