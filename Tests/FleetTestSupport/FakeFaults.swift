/// The JSON body of the fake server's `POST /__faults` (see Tests/FakeWeatherKit/README.md).
public struct FakeFaults: Encodable, Sendable {
    /// One fault rule; the first rule matching a request (and with count left) applies.
    public struct Rule: Encodable, Sendable {
        /// What the server does instead of answering normally.
        public enum Mode: String, Encodable, Sendable {
            case status5xx, status429, empty404, empty400, unauthorized, unauthorizedEmpty, overQuota, truncated
            case hang, gzip
            /// A normal answer with values replaced (``patches``), spliced in as raw JSON text.
            case patch
            /// 200 with ``body`` as the whole body (and ``headers``).
            case rawBody
            /// 200 with `Content-Encoding: gzip` whatever the client accepts, inflating to
            /// ``bombMegabytes`` MiB of spaces.
            case gzipBomb
        }

        /// One replacement of a `patch` rule.
        public struct Patch: Encodable, Sendable {
            /// Dot-separated member names, list indexes, or `*` for every list element
            /// (`forecastHourly.hours.*.uvIndex`).
            public var path: String
            /// The raw JSON text put there (`4.5`, `"NaN"`, `1e999`).
            public var json: String

            /// Creates a replacement.
            public init(_ path: String, _ json: String) {
                self.path = path
                self.json = json
            }
        }

        /// Which requests a rule applies to: `any` is the weather API (weather and
        /// availability); the attribution and its mark images only by name.
        public enum Target: String, Encodable, Sendable {
            case any, weather, availability, attribution, asset
        }

        public var mode: Mode
        /// How many requests (−1 = all).
        public var count: Int
        /// The chance a matching request is hit (1 = every one).
        public var fraction: Double
        /// Status for `status5xx`.
        public var status: Int?
        /// `Retry-After` value for `status429` (seconds or an HTTP-date).
        public var retryAfter: String?
        /// Sleep for `hang`.
        public var hangSeconds: Double?
        public var target: Target
        /// The 401 body's `reason` for `unauthorized` (default `NOT_ENABLED`).
        public var reason: String?
        /// Replacements for `patch`.
        public var patches: [Patch]?
        /// The body for `rawBody`.
        public var body: String?
        /// Extra headers for `rawBody`.
        public var headers: [String: String]?
        /// Inflated size for `gzipBomb`, MiB (the server's default is 1024).
        public var bombMegabytes: Int?

        /// Creates a rule.
        public init(
            _ mode: Mode, count: Int = -1, fraction: Double = 1, status: Int? = nil, retryAfter: String? = nil,
            hangSeconds: Double? = nil, target: Target = .any, reason: String? = nil, patches: [Patch]? = nil,
            body: String? = nil, headers: [String: String]? = nil, bombMegabytes: Int? = nil
        ) {
            self.mode = mode
            self.count = count
            self.fraction = fraction
            self.status = status
            self.retryAfter = retryAfter
            self.hangSeconds = hangSeconds
            self.target = target
            self.reason = reason
            self.patches = patches
            self.body = body
            self.headers = headers
            self.bombMegabytes = bombMegabytes
        }
    }

    /// Delay added to every API request, in milliseconds.
    public var latencyMs: Double?
    /// The rules (replace the current ones unless ``append``).
    public var rules: [Rule]?
    /// Expiry per data set in seconds, e.g. `["currentWeather": 60]`.
    public var expireSeconds: [String: Int]?
    /// Add ``rules`` after the current ones instead of replacing them.
    public var append: Bool?

    /// Creates a fault configuration; `nil` members leave the server's setting unchanged.
    public init(
        latencyMs: Double? = nil, rules: [Rule]? = nil, expireSeconds: [String: Int]? = nil, append: Bool? = nil
    ) {
        self.latencyMs = latencyMs
        self.rules = rules
        self.expireSeconds = expireSeconds
        self.append = append
    }
}
