// Writes the CSS Chroma's HTML formatter writes for a style with classes (WriteCSS), from the Chroma source Debian
// installs (golang-github-alecthomas-chroma-v2-dev 2.5.0). Used by make-fixtures.sh; not part of any build.
//
//	chroma-css NAME [all]   the CSS of style NAME (with "all": WithAllClasses, as `hugo gen chromastyles` does)
//	chroma-css -fnv         one line per style: name, FNV-1a 64 of its CSS, FNV-1a 64 of its CSS with all classes
package main

import (
	"bytes"
	"fmt"
	"hash/fnv"
	"os"

	"github.com/alecthomas/chroma/v2"
	"github.com/alecthomas/chroma/v2/formatters/html"
	"github.com/alecthomas/chroma/v2/styles"
)

func css(style *chroma.Style, all bool) []byte {
	var b bytes.Buffer
	html.New(html.WithClasses(true), html.WithAllClasses(all)).WriteCSS(&b, style)
	return b.Bytes()
}

func digest(data []byte) string {
	h := fnv.New64a()
	h.Write(data)
	return fmt.Sprintf("%016x", h.Sum64())
}

func main() {
	if os.Args[1] == "-fnv" {
		for _, name := range styles.Names() {
			style := styles.Registry[name]
			fmt.Printf("%s %s %s\n", name, digest(css(style, false)), digest(css(style, true)))
		}
		return
	}
	style, ok := styles.Registry[os.Args[1]]
	if !ok {
		fmt.Fprintln(os.Stderr, "unknown style", os.Args[1])
		os.Exit(1)
	}
	os.Stdout.Write(css(style, len(os.Args) > 2 && os.Args[2] == "all"))
}
