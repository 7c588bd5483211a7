import FleetWeather
import Testing

@Suite("Attribution links")
struct AttributionTests {
    @Test(
        "https links to apple.com and its subdomains are accepted",
        arguments: [
            "https://developer.apple.com/weatherkit/data-source-attribution/",
            "https://weatherkit.apple.com/legal-attribution.html",
            "https://weather-data.apple.com/legal-attribution.html",
            "https://apple.com/", "HTTPS://WWW.Apple.COM/legal", "https://www.apple.com:443/x?y=1#z",
        ])
    func accepted(_ link: String) {
        #expect(Attribution.accepts(link))
    }

    @Test(
        "anything else is refused",
        arguments: [
            "http://evil.example/", "https://apple.com.evil.example/", "http://developer.apple.com/",
            "https://evil.example/apple.com", "https://apple.com@evil.example/", "https://user@apple.com/",
            "https://user:pw@www.apple.com/", "https://www.apple.com:8443/", "https://notapple.com/",
            "https://evil.example\\@apple.com/", "https://evil.example#.apple.com", "https://apple.com./",
            "https://www..apple.com/", "https://xn--pple-43d.com/", "https://аpple.com/", "https://apple.com/ x",
            "javascript:alert(1)//apple.com", "//apple.com/", "https://", "", "https://%61pple.com/",
            "https://apple.com\n.evil.example/",
        ])
    func refused(_ link: String) {
        #expect(!Attribution.accepts(link))
    }

    @Test("the run's link is the acceptable one most cells carry, else the documented default")
    func choice() {
        let apple = "https://weatherkit.apple.com/legal-attribution.html"
        let developer = Attribution.defaultURL
        #expect(Attribution.link(among: []) == developer)
        #expect(Attribution.link(among: ["http://evil.example/", "https://apple.com.evil.example/"]) == developer)
        #expect(Attribution.link(among: ["http://evil.example/", apple]) == apple)
        #expect(Attribution.link(among: [developer, apple, apple, "http://a.example/"]) == apple)
        #expect(Attribution.link(among: [developer, apple]) == developer)  // a tie: the alphabetically first
        #expect(developer == "https://developer.apple.com/weatherkit/data-source-attribution/")
    }
}
