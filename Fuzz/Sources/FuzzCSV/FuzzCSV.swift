import FleetCSV

/// Reads the input as CSV twice, in 64 KiB chunks and in chunks of 1 to 31 bytes, and checks
/// what must hold for any bytes at all:
///
/// - reading ends (one record per call, never more records than bytes, plus one);
/// - line numbers only go up, and never past the input's line count;
/// - the chunk size makes no difference (records straddling chunk boundaries are the
///   hand-written state machine's riskiest part).
///
/// A broken property stops the fuzzer like a crash does, with the input saved.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCSV(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
    let bytes = start.map { Array(UnsafeRawBufferPointer(start: $0, count: count)) } ?? []
    let whole = records(MemoryByteSource(bytes), limit: count + 1)
    let small = records(MemoryByteSource(bytes, chunkSize: 1 + count % 31), limit: count + 1)
    precondition(whole == small, "records differ with \(1 + count % 31)-byte chunks")
    let lineBreaks = bytes.count { $0 == UInt8(ascii: "\n") || $0 == UInt8(ascii: "\r") }
    var previous = 0
    for record in whole {
        precondition(record.line > previous, "line \(record.line) after line \(previous)")
        precondition(record.line <= lineBreaks + 1, "line \(record.line) of \(lineBreaks + 1)")
        previous = record.line
    }
    return 0
}

/// Every record of a source; stops the fuzzer if there are more records than the input has
/// bytes (plus one), which only a reader that does not advance can produce.
private func records(_ source: MemoryByteSource, limit: Int) -> [CSVRecord] {
    var reader = CSVReader(source: source)
    var result: [CSVRecord] = []
    do {
        while let record = try reader.next() {
            result.append(record)
            precondition(result.count <= limit, "more than \(limit) records")
        }
    } catch {
        preconditionFailure("a memory source threw \(error)")
    }
    return result
}
