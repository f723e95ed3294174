import Foundation
import Formats
import Playground

/// Writes the window's session in the background (the autosave): the main thread hands over the
/// document, a value, and goes on drawing; a thread of its own encodes and writes it. A document
/// handed over while one is being written waits, and a newer one replaces it (only the latest is
/// written). How each write ended is read back on the main thread (`takeOutcome`).
public final class SessionWriter: @unchecked Sendable {
    /// Writes a session file's text; throws the one line when it cannot.
    public typealias Write = @Sendable (String) throws(InputError) -> Void

    private let condition = NSCondition()
    private let write: Write
    private var pending: SessionDocument?
    private var writing = false
    private var outcome: Result<Void, InputError>?
    private var stopped = false

    public init(write: @escaping Write) {
        self.write = write
        let thread = Thread { [self] in self.loop() }
        thread.name = "session writer"
        thread.start()
    }

    /// Writes `document` soon, after the write under way if any (replacing one still waiting).
    public func submit(_ document: SessionDocument) {
        condition.lock()
        pending = document
        condition.signal()
        condition.unlock()
    }

    /// How the last write ended, once (nil when none ended since the last call).
    public func takeOutcome() -> Result<Void, InputError>? {
        condition.lock()
        defer { condition.unlock() }
        let taken = outcome
        outcome = nil
        return taken
    }

    /// Waits until nothing is waiting or being written; returns how the last write ended.
    @discardableResult
    public func finish() -> Result<Void, InputError>? {
        condition.lock()
        defer { condition.unlock() }
        while pending != nil || writing { condition.wait() }
        let taken = outcome
        outcome = nil
        return taken
    }

    /// Ends the thread once it has written what it was given.
    public func stop() {
        condition.lock()
        stopped = true
        condition.broadcast()
        condition.unlock()
    }

    private func loop() {
        while true {
            condition.lock()
            while pending == nil, !stopped { condition.wait() }
            guard let document = pending else {
                condition.unlock()
                return
            }
            pending = nil
            writing = true
            condition.unlock()
            let result: Result<Void, InputError>
            do throws(InputError) {
                try write(try SessionFile.encodeChecked(document))
                result = .success(())
            } catch {
                result = .failure(error)
            }
            condition.lock()
            writing = false
            outcome = result
            condition.broadcast()
            condition.unlock()
        }
    }
}
