import Foundation
import Testing

@testable import SafeOutput

/// Reading a directory's entries (the sweep of abandoned temporary files before each write).
struct DirectoryEntryTests {
    /// An entry whose name ends right before memory that cannot be read, as the last entry of
    /// `readdir`'s buffer can: its name is read to its NUL, not as the whole 256-byte `d_name`
    /// (copying that crashed a test run: a read past the end of the mapping).
    @Test func anEntryAtTheEndOfReadableMemoryIsReadToItsName() throws {
        let page = Int(sysconf(Int32(_SC_PAGESIZE)))
        let mapping = try #require(
            mmap(nil, 2 * page, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0).flatMap {
                $0 == MAP_FAILED ? nil : $0
            })
        defer { munmap(mapping, 2 * page) }
        // The second page is unreadable: the entry's name and its NUL end at its start.
        #expect(mprotect(mapping + page, page, PROT_NONE) == 0)
        let name = Array(".s.json.partial-12-AbCdEf".utf8)
        let offset = MemoryLayout<dirent>.offset(of: \dirent.d_name)!
        let start = (page - offset - name.count - 1) & ~7  // an entry is 8-byte aligned
        let entry = mapping + start
        let bytes = entry.assumingMemoryBound(to: UInt8.self)
        for (index, byte) in name.enumerated() { bytes[offset + index] = byte }
        bytes[offset + name.count] = 0
        #expect(start + offset + name.count + 1 <= page)
        let read = OutputFile.entryName(UnsafePointer(entry.assumingMemoryBound(to: dirent.self)))
        #expect(read == ".s.json.partial-12-AbCdEf")
    }
}
