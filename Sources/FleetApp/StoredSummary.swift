internal import FleetFiles
internal import FleetReports
internal import FleetStore
internal import Foundation

/// The fields of a `run.json` kept in the state database's history that later commands read
/// back: the run's source (which previous run a new one is compared with) and its requests sent
/// (`fleetwx quota`'s recent runs).
///
/// Decoded with `Codable` rather than picked out of a dictionary, and tolerant of older
/// layouts: every field is optional, so a summary written before a field existed (or the short
/// one an unpublished run keeps, `{"requests": …}`) reads with that field `nil`. A summary that
/// is not JSON, or whose fields have the wrong kind of value, is an error the caller reports; a
/// source this build does not know reads as none (newer layouts are read as far as they go).
struct StoredSummary: Decodable, Equatable {
    /// `source`: where the run's weather came from.
    var source: RunSource?
    /// `requests`.
    var requests: Requests?

    /// `requests` in `run.json`: only what is read back.
    struct Requests: Decodable, Equatable {
        /// `requests.sent`.
        var sent: Int?
    }

    /// A summary with no field, for a run that kept none.
    init() {}

    /// Reads a stored summary.
    ///
    /// - Parameter json: The stored `run.json`; `nil` (a run that kept none) reads as no field.
    /// - Throws: ``AppError/fatal(_:)`` saying, in words, what is wrong with it.
    init(json: String?) throws(AppError) {
        guard let json else {
            self.init()
            return
        }
        do {
            self = try JSONDecoder().decode(Self.self, from: Data(json.utf8))
        } catch let error as DecodingError {
            throw .fatal(Self.problem(error))
        } catch {
            throw .fatal("it is not JSON")
        }
    }

    /// Reads the stored summary of a run of the history, or says in one line why it cannot be.
    ///
    /// - Parameters:
    ///   - run: The run's history row.
    ///   - path: The state database, named in the warning.
    ///   - consequence: What the caller does without it (`its requests are shown as unknown`).
    /// - Returns: The summary.
    /// - Throws: ``AppError/fatal(_:details:)`` whose message is the warning to give.
    static func read(_ run: RunRecord, path: String, consequence: String) throws(AppError) -> StoredSummary {
        do throws(AppError) {
            return try StoredSummary(json: run.summaryJSON)
        } catch {
            throw .fatal(
                "the summary of run \(run.id.bounded) in the state database \(path.bounded) cannot be read "
                    + "(\(error.description)); \(consequence)")
        }
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        requests = try container.decodeIfPresent(Requests.self, forKey: .requests)
        // A source this build does not know (a newer build's) is no source to compare with,
        // not a broken summary: its requests still count in `fleetwx quota`.
        source = try container.decodeIfPresent(String.self, forKey: .source).flatMap(RunSource.init(rawValue:))
    }

    enum CodingKeys: String, CodingKey {
        case source, requests
    }

    /// A decoding error in words, naming the field, never the decoder's internals.
    static func problem(_ error: DecodingError) -> String {
        func field(_ path: [any CodingKey]) -> String { path.map(\.stringValue).joined(separator: ".") }
        switch error {
        case .typeMismatch(_, let context), .valueNotFound(_, let context):
            guard !context.codingPath.isEmpty else { return "it is not a JSON object" }
            return "its \(field(context.codingPath)) is not the kind of value run.json holds there"
        case .dataCorrupted(let context):
            return context.codingPath.isEmpty ? "it is not JSON" : context.debugDescription
        case .keyNotFound(let key, _):
            return "it has no \(key.stringValue)"
        @unknown default:
            return "it cannot be decoded"
        }
    }
}
