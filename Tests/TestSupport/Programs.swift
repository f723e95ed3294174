import Foundation

/// What a program run by a test did: its status and both outputs.
package struct Run {
    package var status: Int32
    package var stdout: String
    package var stderr: String

    package init(status: Int32, stdout: String, stderr: String) {
        self.status = status
        self.stdout = stdout
        self.stderr = stderr
    }
}

/// The binary under test: SCROLLAB_BINARY when set (to run these tests against another build), else the one built
/// beside the tests.
package func scrollabBinary() -> URL {
    if let path = ProcessInfo.processInfo.environment["SCROLLAB_BINARY"] { return URL(fileURLWithPath: path) }
    let directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    let binary = directory.appendingPathComponent("scrollab")
    if FileManager.default.fileExists(atPath: binary.path) { return binary }
    // Bundled test layouts put the runner one level deeper.
    return directory.deletingLastPathComponent().appendingPathComponent("scrollab")
}

/// The built `scrollab`'s path (`scrollabBinary()`), for `runProgram`.
package func scrollabPath() -> String { scrollabBinary().path }

/// Runs the built `scrollab` binary with `arguments`, as a user would; `stdout`/`stdin` replace the pipes (a file
/// handle such as /dev/full), `environment` replaces the environment, and a run longer than `limit` seconds is
/// killed (its status is then the signal's, which no test expects).
package func scrollab(
    _ arguments: [String], stdout: FileHandle? = nil, stdin: FileHandle? = nil,
    environment: [String: String]? = nil, limit: Double = 120
) throws -> Run {
    let process = Process()
    process.executableURL = scrollabBinary()
    process.arguments = arguments
    if let environment { process.environment = environment }
    let out = Pipe(), err = Pipe()
    process.standardOutput = stdout ?? out
    process.standardError = err
    if let stdin { process.standardInput = stdin }
    try process.run()
    // SIGTERM first; SIGKILL two seconds later (a process stuck with SIGTERM blocked must not hang the suite).
    let pid = process.processIdentifier
    let watchdog = DispatchWorkItem {
        guard process.isRunning else { return }
        process.terminate()
        DispatchQueue.global().asyncAfter(deadline: .now() + 2) { if process.isRunning { kill(pid, SIGKILL) } }
    }
    DispatchQueue.global().asyncAfter(deadline: .now() + limit, execute: watchdog)
    let outData = stdout == nil ? out.fileHandleForReading.readDataToEndOfFile() : Data()
    let errData = err.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    watchdog.cancel()
    return Run(
        status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
        stderr: String(decoding: errData, as: UTF8.self))
}

/// Runs a program with an environment of its own; returns status and both outputs.
package func runProgram(_ executable: String, _ arguments: [String], environment: [String: String]? = nil) throws
    -> Run
{
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    if let environment { process.environment = environment }
    let out = Pipe(), err = Pipe()
    process.standardOutput = out
    process.standardError = err
    try process.run()
    let outData = out.fileHandleForReading.readDataToEndOfFile()
    let errData = err.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return Run(
        status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
        stderr: String(decoding: errData, as: UTF8.self))
}

/// The repository's `Assets` folder.
package let projectAssets = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Assets").path

/// A new empty folder under the system's temporary folder (the caller removes it).
package func temporaryDirectory() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("scrollab-test-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}

/// A path nothing exists at yet, under the system's temporary folder, ending in `name`.
package func temporaryPath(_ name: String) -> String {
    FileManager.default.temporaryDirectory.appendingPathComponent("scrollab-test-\(UUID().uuidString)-\(name)").path
}
