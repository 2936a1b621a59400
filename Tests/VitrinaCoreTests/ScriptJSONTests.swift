import Foundation
import Testing
@testable import VitrinaCore

/// JSON written into data scripts: valid, with sorted keys, and unable to close a script element.
@Suite("Script JSON")
struct ScriptJSONTests {
    @Test func objectsHaveSortedKeysAndNestedValues() {
        let json = ScriptJSON.object(["b": 1, "a": ["x", true, NSNull()], "c": ["z": 2.5, "y": -3]] as [String: Any])
        #expect(json == #"{"a":["x",true,null],"b":1,"c":{"y":-3,"z":2.5}}"#)
    }

    @Test func stringsAreEscapedAndCannotCloseTheScript() throws {
        let json = ScriptJSON.object(["t": "say \"hi\"\\\n</script><b>\u{1}é/"] as [String: Any])
        #expect(json == #"{"t":"say \"hi\"\\\n\u003c/script>\u003cb>\u0001é/"}"#)
        let decoded = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: String]
        #expect(decoded?["t"] == "say \"hi\"\\\n</script><b>\u{1}é/")
    }

    @Test func wholeDoublesAreWrittenAsIntegersAsJSONSerializationDoes() {
        #expect(ScriptJSON.object([1.0, -0.0, 0.25, 1e20] as [Any]) == "[1,-0,0.25,1e+20]")
    }

    @Test func valuesJSONCannotHoldGiveAnEmptyObject() {
        #expect(ScriptJSON.object(["x": Double.nan] as [String: Any]) == "{}")
        #expect(ScriptJSON.object(["x": Date()] as [String: Any]) == "{}")
    }
}
