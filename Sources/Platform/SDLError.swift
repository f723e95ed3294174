import CSDL2

/// A failed SDL, SDL_ttf or SDL_image call: what was attempted and SDL's own reason.
public struct SDLError: Error, CustomStringConvertible, Sendable {
    public let operation: String
    public let reason: String

    public init(_ operation: String) {
        self.operation = operation
        self.reason = String(cString: SDL_GetError())
    }

    public init(_ operation: String, reason: String) {
        self.operation = operation
        self.reason = reason
    }

    public var description: String { reason.isEmpty ? "\(operation) failed" : "\(operation) failed: \(reason)" }
}
