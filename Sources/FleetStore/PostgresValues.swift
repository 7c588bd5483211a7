internal import CPostgres
import Foundation

/// Statement parameters laid out for `PQexecPrepared`: one buffer holding every value, with
/// each value's offset, length and format.
///
/// Text, integers and doubles go in PostgreSQL's text form, which the server reads as whatever
/// type the parameter's place calls for; bytes go in binary form, so a body is not escaped.
struct PostgresParameters {
    private var buffer: [UInt8] = []
    /// Each value's offset in `buffer`, or `nil` for SQL NULL.
    private var offsets: [Int?] = []
    private var lengths: [Int32] = []
    private var formats: [Int32] = []

    /// Lays out `values`.
    ///
    /// - Throws: ``StoreError/invalidValue(_:)`` for text holding a NUL character, which
    ///   PostgreSQL's text type cannot hold.
    init(_ values: [SQLValue]) throws(StoreError) {
        for value in values {
            switch value {
            case .null:
                offsets.append(nil)
                lengths.append(0)
                formats.append(0)
            case .integer(let number):
                append(text: String(number))
            case .real(let number):
                append(text: Self.text(of: number))
            case .text(let text):
                guard !text.utf8.contains(0) else {
                    throw .invalidValue("text holding a NUL character cannot be stored in PostgreSQL")
                }
                append(text: text)
            case .blob(let data):
                offsets.append(buffer.count)
                lengths.append(Int32(data.count))
                formats.append(1)
                buffer.append(contentsOf: data)
            }
        }
    }

    private mutating func append(text: String) {
        offsets.append(buffer.count)
        let bytes = Array(text.utf8)
        lengths.append(Int32(bytes.count))
        formats.append(0)
        buffer.append(contentsOf: bytes)
        buffer.append(0)  // text-form values are read up to their NUL
    }

    /// A double as PostgreSQL's `float8` input reads it back exactly: Swift's shortest
    /// round-trip digits, or PostgreSQL's words for the values that have no digits.
    static func text(of number: Double) -> String {
        if number.isNaN { return "NaN" }
        if number.isInfinite { return number < 0 ? "-Infinity" : "Infinity" }
        return "\(number)"
    }

    /// Calls `body` with the value pointers, lengths and formats `PQexecPrepared` takes.
    func withPointers<Result>(
        _ body: (UnsafePointer<UnsafePointer<CChar>?>?, UnsafePointer<Int32>?, UnsafePointer<Int32>?) -> Result
    ) -> Result {
        buffer.withUnsafeBufferPointer { bytes in
            let base = bytes.baseAddress.map { UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self) }
            // An empty buffer has no base address; every value is then NULL or an empty blob,
            // for which libpq reads no bytes but still needs a pointer that is not NULL.
            let empty: StaticString = ""
            let fallback = UnsafeRawPointer(empty.utf8Start).assumingMemoryBound(to: CChar.self)
            let pointers: [UnsafePointer<CChar>?] = offsets.map { offset in
                offset.map { (base ?? fallback) + $0 }
            }
            return pointers.withUnsafeBufferPointer { pointerBuffer in
                lengths.withUnsafeBufferPointer { lengthBuffer in
                    formats.withUnsafeBufferPointer { formatBuffer in
                        body(pointerBuffer.baseAddress, lengthBuffer.baseAddress, formatBuffer.baseAddress)
                    }
                }
            }
        }
    }
}

/// One row of a PostgreSQL result in binary form, read by column type.
///
/// The schema's columns are text, bytea, integers of 2, 4 or 8 bytes and double precision;
/// binary integers and doubles are big-endian (PostgreSQL's `send` functions).
struct PostgresRow: ResultRow {
    let result: OpaquePointer?
    let row: Int32

    /// Type OIDs of the built-in types the schema and its aggregates use (`pg_type.dat`).
    private enum TypeID {
        static let bool: Oid = 16
        static let int8: Oid = 20
        static let int2: Oid = 21
        static let int4: Oid = 23
        static let float4: Oid = 700
        static let float8: Oid = 701
    }

    func isNull(_ column: Int32) -> Bool {
        PQgetisnull(result, row, column) != 0
    }

    private func bytes(_ column: Int32) -> UnsafeRawBufferPointer {
        guard let value = PQgetvalue(result, row, column) else { return UnsafeRawBufferPointer(start: nil, count: 0) }
        return UnsafeRawBufferPointer(start: value, count: Int(PQgetlength(result, row, column)))
    }

    private func bigEndian(_ column: Int32) -> UInt64 {
        var value: UInt64 = 0
        for byte in bytes(column) { value = value << 8 | UInt64(byte) }
        return value
    }

    func int64(_ column: Int32) -> Int64 {
        guard !isNull(column) else { return 0 }
        let raw = bigEndian(column)
        switch PQftype(result, column) {
        case TypeID.int8: return Int64(bitPattern: raw)
        case TypeID.int4: return Int64(Int32(truncatingIfNeeded: raw))
        case TypeID.int2: return Int64(Int16(truncatingIfNeeded: raw))
        case TypeID.bool: return Int64(raw)
        case TypeID.float4, TypeID.float8:
            return Int64(exactly: double(column).rounded(.towardZero)) ?? 0
        // The schema's queries return no other type here (a `numeric`, as `sum(bigint)` gives,
        // would need a cast to bigint in the SQL).
        default: return 0
        }
    }

    func double(_ column: Int32) -> Double {
        guard !isNull(column) else { return 0 }
        switch PQftype(result, column) {
        case TypeID.float8: return Double(bitPattern: bigEndian(column))
        case TypeID.float4: return Double(Float(bitPattern: UInt32(truncatingIfNeeded: bigEndian(column))))
        case TypeID.int8, TypeID.int4, TypeID.int2: return Double(int64(column))
        default: return Double(text(column)) ?? 0
        }
    }

    func text(_ column: Int32) -> String {
        String(decoding: bytes(column), as: UTF8.self)
    }

    func blob(_ column: Int32) -> Data {
        Data(bytes(column))
    }
}
