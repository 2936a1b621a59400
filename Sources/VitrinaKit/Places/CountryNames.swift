/// The countries a place's last part may name, as people write them: the ISO 3166 code (`CL`), the gazetteer's English
/// name (`Chile`), the Spanish name below (`España`) or a common other name (`USA`, `EE. UU.`); the gazetteer holds only
/// the English names, so the Spanish ones are written here, one for each country code the gazetteer knows.
/// Los países que puede nombrar la última parte de un lugar: código ISO, nombre inglés, español u otro habitual; el
/// nomenclátor solo trae los ingleses, así que los españoles se escriben aquí, uno por cada código que conoce.
enum CountryNames {
    /// The Spanish name of each country code in the gazetteer's `#countries` table (a test checks none is missing).
    /// El nombre español de cada código de país del nomenclátor (una prueba comprueba que no falta ninguno).
    static let spanish: [String: String] = [
        "AD": "Andorra", "AE": "Emiratos Árabes Unidos", "AF": "Afganistán", "AG": "Antigua y Barbuda", "AI": "Anguila",
        "AL": "Albania", "AM": "Armenia", "AN": "Antillas Neerlandesas", "AO": "Angola", "AQ": "Antártida", "AR": "Argentina",
        "AS": "Samoa Americana", "AT": "Austria", "AU": "Australia", "AW": "Aruba", "AX": "Islas Åland", "AZ": "Azerbaiyán",
        "BA": "Bosnia y Herzegovina", "BB": "Barbados", "BD": "Bangladés", "BE": "Bélgica", "BF": "Burkina Faso",
        "BG": "Bulgaria", "BH": "Baréin", "BI": "Burundi", "BJ": "Benín", "BL": "San Bartolomé", "BM": "Bermudas",
        "BN": "Brunéi", "BO": "Bolivia", "BQ": "Bonaire, San Eustaquio y Saba", "BR": "Brasil", "BS": "Bahamas",
        "BT": "Bután", "BV": "Isla Bouvet", "BW": "Botsuana", "BY": "Bielorrusia", "BZ": "Belice", "CA": "Canadá",
        "CC": "Islas Cocos", "CD": "República Democrática del Congo", "CF": "República Centroafricana",
        "CG": "República del Congo", "CH": "Suiza", "CI": "Costa de Marfil", "CK": "Islas Cook", "CL": "Chile",
        "CM": "Camerún", "CN": "China", "CO": "Colombia", "CR": "Costa Rica", "CS": "Serbia y Montenegro", "CU": "Cuba",
        "CV": "Cabo Verde", "CW": "Curazao", "CX": "Isla de Navidad", "CY": "Chipre", "CZ": "Chequia", "DE": "Alemania",
        "DJ": "Yibuti", "DK": "Dinamarca", "DM": "Dominica", "DO": "República Dominicana", "DZ": "Argelia", "EC": "Ecuador",
        "EE": "Estonia", "EG": "Egipto", "EH": "Sahara Occidental", "ER": "Eritrea", "ES": "España", "ET": "Etiopía",
        "FI": "Finlandia", "FJ": "Fiyi", "FK": "Islas Malvinas", "FM": "Micronesia", "FO": "Islas Feroe", "FR": "Francia",
        "GA": "Gabón", "GB": "Reino Unido", "GD": "Granada", "GE": "Georgia", "GF": "Guayana Francesa", "GG": "Guernsey",
        "GH": "Ghana", "GI": "Gibraltar", "GL": "Groenlandia", "GM": "Gambia", "GN": "Guinea", "GP": "Guadalupe",
        "GQ": "Guinea Ecuatorial", "GR": "Grecia", "GS": "Islas Georgias del Sur y Sandwich del Sur", "GT": "Guatemala",
        "GU": "Guam", "GW": "Guinea-Bisáu", "GY": "Guyana", "HK": "Hong Kong", "HM": "Islas Heard y McDonald",
        "HN": "Honduras", "HR": "Croacia", "HT": "Haití", "HU": "Hungría", "ID": "Indonesia", "IE": "Irlanda",
        "IL": "Israel", "IM": "Isla de Man", "IN": "India", "IO": "Territorio Británico del Océano Índico", "IQ": "Irak",
        "IR": "Irán", "IS": "Islandia", "IT": "Italia", "JE": "Jersey", "JM": "Jamaica", "JO": "Jordania", "JP": "Japón",
        "KE": "Kenia", "KG": "Kirguistán", "KH": "Camboya", "KI": "Kiribati", "KM": "Comoras", "KN": "San Cristóbal y Nieves",
        "KP": "Corea del Norte", "KR": "Corea del Sur", "KW": "Kuwait", "KY": "Islas Caimán", "KZ": "Kazajistán",
        "LA": "Laos", "LB": "Líbano", "LC": "Santa Lucía", "LI": "Liechtenstein", "LK": "Sri Lanka", "LR": "Liberia",
        "LS": "Lesoto", "LT": "Lituania", "LU": "Luxemburgo", "LV": "Letonia", "LY": "Libia", "MA": "Marruecos",
        "MC": "Mónaco", "MD": "Moldavia", "ME": "Montenegro", "MF": "San Martín", "MG": "Madagascar", "MH": "Islas Marshall",
        "MK": "Macedonia del Norte", "ML": "Malí", "MM": "Birmania", "MN": "Mongolia", "MO": "Macao",
        "MP": "Islas Marianas del Norte", "MQ": "Martinica", "MR": "Mauritania", "MS": "Montserrat", "MT": "Malta",
        "MU": "Mauricio", "MV": "Maldivas", "MW": "Malaui", "MX": "México", "MY": "Malasia", "MZ": "Mozambique",
        "NA": "Namibia", "NC": "Nueva Caledonia", "NE": "Níger", "NF": "Isla Norfolk", "NG": "Nigeria", "NI": "Nicaragua",
        "NL": "Países Bajos", "NO": "Noruega", "NP": "Nepal", "NR": "Nauru", "NU": "Niue", "NZ": "Nueva Zelanda",
        "OM": "Omán", "PA": "Panamá", "PE": "Perú", "PF": "Polinesia Francesa", "PG": "Papúa Nueva Guinea",
        "PH": "Filipinas", "PK": "Pakistán", "PL": "Polonia", "PM": "San Pedro y Miquelón", "PN": "Islas Pitcairn",
        "PR": "Puerto Rico", "PS": "Palestina", "PT": "Portugal", "PW": "Palaos", "PY": "Paraguay", "QA": "Catar",
        "RE": "Reunión", "RO": "Rumanía", "RS": "Serbia", "RU": "Rusia", "RW": "Ruanda", "SA": "Arabia Saudita",
        "SB": "Islas Salomón", "SC": "Seychelles", "SD": "Sudán", "SE": "Suecia", "SG": "Singapur", "SH": "Santa Elena",
        "SI": "Eslovenia", "SJ": "Svalbard y Jan Mayen", "SK": "Eslovaquia", "SL": "Sierra Leona", "SM": "San Marino",
        "SN": "Senegal", "SO": "Somalia", "SR": "Surinam", "SS": "Sudán del Sur", "ST": "Santo Tomé y Príncipe",
        "SV": "El Salvador", "SX": "Sint Maarten", "SY": "Siria", "SZ": "Esuatini", "TC": "Islas Turcas y Caicos",
        "TD": "Chad", "TF": "Territorios Australes Franceses", "TG": "Togo", "TH": "Tailandia", "TJ": "Tayikistán",
        "TK": "Tokelau", "TL": "Timor Oriental", "TM": "Turkmenistán", "TN": "Túnez", "TO": "Tonga", "TR": "Turquía",
        "TT": "Trinidad y Tobago", "TV": "Tuvalu", "TW": "Taiwán", "TZ": "Tanzania", "UA": "Ucrania", "UG": "Uganda",
        "UM": "Islas Ultramarinas Menores de Estados Unidos", "US": "Estados Unidos", "UY": "Uruguay", "UZ": "Uzbekistán",
        "VA": "Ciudad del Vaticano", "VC": "San Vicente y las Granadinas", "VE": "Venezuela",
        "VG": "Islas Vírgenes Británicas", "VI": "Islas Vírgenes de los Estados Unidos", "VN": "Vietnam", "VU": "Vanuatu",
        "WF": "Wallis y Futuna", "WS": "Samoa", "XK": "Kosovo", "YE": "Yemen", "YT": "Mayotte", "ZA": "Sudáfrica",
        "ZM": "Zambia", "ZW": "Zimbabue",
    ]

    /// Other names people write for a country, in either language (each must name one country only).
    /// Otros nombres con que se escribe un país, en cualquiera de las dos lenguas (cada uno, de un solo país).
    static let others: [String: [String]] = [
        "US": ["USA", "EE. UU.", "EEUU", "United States of America", "Estados Unidos de América"],
        "GB": ["UK", "Great Britain", "Gran Bretaña", "England", "Inglaterra", "Scotland", "Escocia", "Wales", "Gales",
               "Northern Ireland", "Irlanda del Norte"],
        "NL": ["Netherlands", "Holland", "Holanda"], "CZ": ["Czech Republic", "República Checa"],
        "MM": ["Burma"], "SZ": ["Swaziland", "Suazilandia"], "MK": ["Macedonia"], "CI": ["Côte d'Ivoire"],
        "CV": ["Cape Verde"], "TL": ["East Timor", "Timor-Leste"], "VA": ["Vatican City", "Holy See", "Vaticano"],
        "RU": ["Russian Federation", "Federación Rusa"], "TR": ["Türkiye"], "PS": ["Palestine"], "VN": ["Viet Nam"],
        "MO": ["Macau"], "BA": ["Bosnia"], "BQ": ["Bonaire", "Caribbean Netherlands", "Caribe Neerlandés"],
        "BY": ["Belarús"], "SA": ["Arabia Saudí"], "BH": ["Bahréin"],
    ]

    /// A country's name reduced to what tells it apart: folded (no accents, lower case) and letters and digits only,
    /// so `EE. UU.`, `eeuu` and `Guinea Bissau` meet `Guinea-Bissau`.
    /// El nombre de un país reducido a lo que lo distingue: sin tildes ni mayúsculas, solo letras y cifras.
    static func key(_ text: String) -> String {
        let kept = Gazetteer.fold(text).unicodeScalars.filter { $0.properties.isAlphabetic || $0.properties.numericType != nil }
        return String(String.UnicodeScalarView(kept))
    }
}
