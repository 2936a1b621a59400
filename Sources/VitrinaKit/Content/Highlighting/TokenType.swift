/// A token's kind, numbered as Chroma numbers it (types.go), with the CSS class Hugo's HTML gives it.
/// El tipo de un token, numerado como en Chroma, con la clase CSS que le da el HTML de Hugo.
public struct TokenType: Hashable, Sendable, Comparable {
    public let code: Int

    public init(code: Int) { self.code = code }

    public static func < (lhs: TokenType, rhs: TokenType) -> Bool { lhs.code < rhs.code }

    /// The type Chroma's XML names (`KeywordReserved`), or nil for a name it does not know.
    public init?(name: String) {
        guard let code = Self.codes[name] else { return nil }
        self.code = code
    }

    /// The name Chroma writes (`KeywordReserved`).
    public var name: String { Self.names[code] ?? "Type\(code)" }

    /// The sub-category, then the category (Chroma's `Parent`): `KeywordReserved` → `Keyword` → none.
    public var parent: TokenType? {
        if code % 100 != 0 { return TokenType(code: code / 100 * 100) }
        if code % 1000 != 0 { return TokenType(code: code / 1000 * 1000) }
        return nil
    }

    /// The class Chroma's HTML formatter writes: its own, else its nearest parent's; "" for plain text.
    public var cssClass: String {
        var type: TokenType? = self
        while let current = type {
            if let own = Self.classes[current.code] { return own }
            type = current.parent
        }
        return ""
    }

    public static let background = TokenType(code: -1)
    public static let preWrapper = TokenType(code: -2)
    public static let line = TokenType(code: -3)
    public static let lineNumbers = TokenType(code: -4)
    public static let lineNumbersTable = TokenType(code: -5)
    public static let lineHighlight = TokenType(code: -6)
    public static let lineTable = TokenType(code: -7)
    public static let lineTableTD = TokenType(code: -8)
    public static let lineLink = TokenType(code: -9)
    public static let codeLine = TokenType(code: -10)
    public static let error = TokenType(code: -11)
    public static let other = TokenType(code: -12)
    public static let none = TokenType(code: -13)
    public static let keyword = TokenType(code: 1000)
    public static let keywordConstant = TokenType(code: 1001)
    public static let keywordDeclaration = TokenType(code: 1002)
    public static let keywordNamespace = TokenType(code: 1003)
    public static let keywordPseudo = TokenType(code: 1004)
    public static let keywordReserved = TokenType(code: 1005)
    public static let keywordType = TokenType(code: 1006)
    public static let name = TokenType(code: 2000)
    public static let nameAttribute = TokenType(code: 2001)
    public static let nameBuiltin = TokenType(code: 2002)
    public static let nameBuiltinPseudo = TokenType(code: 2003)
    public static let nameClass = TokenType(code: 2004)
    public static let nameConstant = TokenType(code: 2005)
    public static let nameDecorator = TokenType(code: 2006)
    public static let nameEntity = TokenType(code: 2007)
    public static let nameException = TokenType(code: 2008)
    public static let nameFunction = TokenType(code: 2009)
    public static let nameFunctionMagic = TokenType(code: 2010)
    public static let nameKeyword = TokenType(code: 2011)
    public static let nameLabel = TokenType(code: 2012)
    public static let nameNamespace = TokenType(code: 2013)
    public static let nameOperator = TokenType(code: 2014)
    public static let nameOther = TokenType(code: 2015)
    public static let namePseudo = TokenType(code: 2016)
    public static let nameProperty = TokenType(code: 2017)
    public static let nameTag = TokenType(code: 2018)
    public static let nameVariable = TokenType(code: 2019)
    public static let nameVariableAnonymous = TokenType(code: 2020)
    public static let nameVariableClass = TokenType(code: 2021)
    public static let nameVariableGlobal = TokenType(code: 2022)
    public static let nameVariableInstance = TokenType(code: 2023)
    public static let nameVariableMagic = TokenType(code: 2024)
    public static let literal = TokenType(code: 3000)
    public static let literalDate = TokenType(code: 3001)
    public static let literalOther = TokenType(code: 3002)
    public static let literalString = TokenType(code: 3100)
    public static let literalStringAffix = TokenType(code: 3101)
    public static let literalStringAtom = TokenType(code: 3102)
    public static let literalStringBacktick = TokenType(code: 3103)
    public static let literalStringBoolean = TokenType(code: 3104)
    public static let literalStringChar = TokenType(code: 3105)
    public static let literalStringDelimiter = TokenType(code: 3106)
    public static let literalStringDoc = TokenType(code: 3107)
    public static let literalStringDouble = TokenType(code: 3108)
    public static let literalStringEscape = TokenType(code: 3109)
    public static let literalStringHeredoc = TokenType(code: 3110)
    public static let literalStringInterpol = TokenType(code: 3111)
    public static let literalStringName = TokenType(code: 3112)
    public static let literalStringOther = TokenType(code: 3113)
    public static let literalStringRegex = TokenType(code: 3114)
    public static let literalStringSingle = TokenType(code: 3115)
    public static let literalStringSymbol = TokenType(code: 3116)
    public static let literalNumber = TokenType(code: 3200)
    public static let literalNumberBin = TokenType(code: 3201)
    public static let literalNumberFloat = TokenType(code: 3202)
    public static let literalNumberHex = TokenType(code: 3203)
    public static let literalNumberInteger = TokenType(code: 3204)
    public static let literalNumberIntegerLong = TokenType(code: 3205)
    public static let literalNumberOct = TokenType(code: 3206)
    public static let `operator` = TokenType(code: 4000)
    public static let operatorWord = TokenType(code: 4001)
    public static let punctuation = TokenType(code: 5000)
    public static let comment = TokenType(code: 6000)
    public static let commentHashbang = TokenType(code: 6001)
    public static let commentMultiline = TokenType(code: 6002)
    public static let commentSingle = TokenType(code: 6003)
    public static let commentSpecial = TokenType(code: 6004)
    public static let commentPreproc = TokenType(code: 6100)
    public static let commentPreprocFile = TokenType(code: 6101)
    public static let generic = TokenType(code: 7000)
    public static let genericDeleted = TokenType(code: 7001)
    public static let genericEmph = TokenType(code: 7002)
    public static let genericError = TokenType(code: 7003)
    public static let genericHeading = TokenType(code: 7004)
    public static let genericInserted = TokenType(code: 7005)
    public static let genericOutput = TokenType(code: 7006)
    public static let genericPrompt = TokenType(code: 7007)
    public static let genericStrong = TokenType(code: 7008)
    public static let genericSubheading = TokenType(code: 7009)
    public static let genericTraceback = TokenType(code: 7010)
    public static let genericUnderline = TokenType(code: 7011)
    public static let text = TokenType(code: 8000)
    public static let textWhitespace = TokenType(code: 8001)
    public static let textSymbol = TokenType(code: 8002)
    public static let textPunctuation = TokenType(code: 8003)

    static let codes: [String: Int] = [
        "Background": -1,
        "PreWrapper": -2,
        "Line": -3,
        "LineNumbers": -4,
        "LineNumbersTable": -5,
        "LineHighlight": -6,
        "LineTable": -7,
        "LineTableTD": -8,
        "LineLink": -9,
        "CodeLine": -10,
        "Error": -11,
        "Other": -12,
        "None": -13,
        "Keyword": 1000,
        "KeywordConstant": 1001,
        "KeywordDeclaration": 1002,
        "KeywordNamespace": 1003,
        "KeywordPseudo": 1004,
        "KeywordReserved": 1005,
        "KeywordType": 1006,
        "Name": 2000,
        "NameAttribute": 2001,
        "NameBuiltin": 2002,
        "NameBuiltinPseudo": 2003,
        "NameClass": 2004,
        "NameConstant": 2005,
        "NameDecorator": 2006,
        "NameEntity": 2007,
        "NameException": 2008,
        "NameFunction": 2009,
        "NameFunctionMagic": 2010,
        "NameKeyword": 2011,
        "NameLabel": 2012,
        "NameNamespace": 2013,
        "NameOperator": 2014,
        "NameOther": 2015,
        "NamePseudo": 2016,
        "NameProperty": 2017,
        "NameTag": 2018,
        "NameVariable": 2019,
        "NameVariableAnonymous": 2020,
        "NameVariableClass": 2021,
        "NameVariableGlobal": 2022,
        "NameVariableInstance": 2023,
        "NameVariableMagic": 2024,
        "Literal": 3000,
        "LiteralDate": 3001,
        "LiteralOther": 3002,
        "LiteralString": 3100,
        "LiteralStringAffix": 3101,
        "LiteralStringAtom": 3102,
        "LiteralStringBacktick": 3103,
        "LiteralStringBoolean": 3104,
        "LiteralStringChar": 3105,
        "LiteralStringDelimiter": 3106,
        "LiteralStringDoc": 3107,
        "LiteralStringDouble": 3108,
        "LiteralStringEscape": 3109,
        "LiteralStringHeredoc": 3110,
        "LiteralStringInterpol": 3111,
        "LiteralStringName": 3112,
        "LiteralStringOther": 3113,
        "LiteralStringRegex": 3114,
        "LiteralStringSingle": 3115,
        "LiteralStringSymbol": 3116,
        "LiteralNumber": 3200,
        "LiteralNumberBin": 3201,
        "LiteralNumberFloat": 3202,
        "LiteralNumberHex": 3203,
        "LiteralNumberInteger": 3204,
        "LiteralNumberIntegerLong": 3205,
        "LiteralNumberOct": 3206,
        "Operator": 4000,
        "OperatorWord": 4001,
        "Punctuation": 5000,
        "Comment": 6000,
        "CommentHashbang": 6001,
        "CommentMultiline": 6002,
        "CommentSingle": 6003,
        "CommentSpecial": 6004,
        "CommentPreproc": 6100,
        "CommentPreprocFile": 6101,
        "Generic": 7000,
        "GenericDeleted": 7001,
        "GenericEmph": 7002,
        "GenericError": 7003,
        "GenericHeading": 7004,
        "GenericInserted": 7005,
        "GenericOutput": 7006,
        "GenericPrompt": 7007,
        "GenericStrong": 7008,
        "GenericSubheading": 7009,
        "GenericTraceback": 7010,
        "GenericUnderline": 7011,
        "Text": 8000,
        "TextWhitespace": 8001,
        "TextSymbol": 8002,
        "TextPunctuation": 8003,
    ]
    static let names: [Int: String] = Dictionary(uniqueKeysWithValues: codes.map { ($0.value, $0.key) })
    static let classes: [Int: String] = [
        -1: "bg",
        -2: "chroma",
        -3: "line",
        -4: "ln",
        -5: "lnt",
        -6: "hl",
        -7: "lntable",
        -8: "lntd",
        -9: "lnlinks",
        -10: "cl",
        -11: "err",
        -12: "x",
        1000: "k",
        1001: "kc",
        1002: "kd",
        1003: "kn",
        1004: "kp",
        1005: "kr",
        1006: "kt",
        2000: "n",
        2001: "na",
        2002: "nb",
        2003: "bp",
        2004: "nc",
        2005: "no",
        2006: "nd",
        2007: "ni",
        2008: "ne",
        2009: "nf",
        2010: "fm",
        2012: "nl",
        2013: "nn",
        2015: "nx",
        2017: "py",
        2018: "nt",
        2019: "nv",
        2021: "vc",
        2022: "vg",
        2023: "vi",
        2024: "vm",
        3000: "l",
        3001: "ld",
        3100: "s",
        3101: "sa",
        3103: "sb",
        3105: "sc",
        3106: "dl",
        3107: "sd",
        3108: "s2",
        3109: "se",
        3110: "sh",
        3111: "si",
        3113: "sx",
        3114: "sr",
        3115: "s1",
        3116: "ss",
        3200: "m",
        3201: "mb",
        3202: "mf",
        3203: "mh",
        3204: "mi",
        3205: "il",
        3206: "mo",
        4000: "o",
        4001: "ow",
        5000: "p",
        6000: "c",
        6001: "ch",
        6002: "cm",
        6003: "c1",
        6004: "cs",
        6100: "cp",
        6101: "cpf",
        7000: "g",
        7001: "gd",
        7002: "ge",
        7003: "gr",
        7004: "gh",
        7005: "gi",
        7006: "go",
        7007: "gp",
        7008: "gs",
        7009: "gu",
        7010: "gt",
        7011: "gl",
        8000: "",
        8001: "w",
    ]
}
