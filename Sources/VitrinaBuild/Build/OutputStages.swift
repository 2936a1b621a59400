import VitrinaKit

/// The back half of every build — render → assemble → check → write — run by one function (`run`) for a whole build,
/// an edit drawn from the kept plan and `vitrina serve`'s quick edit: they differ only in the values they hand it.
/// Render hands each page to a sink and writes nothing; the check touches no disk but through the reader of the last
/// output it is given; only write reaches the output.
/// La segunda mitad de toda construcción (dibujo → ensamblado → comprobación → escritura), en una sola función.
struct OutputStages {
    /// Where this output's build state is kept.
    let statePath: String
    let siteDirectory: String
    let memo: BuildMemo?
    let progress: (any BuildProgress)?
    let writerThreads: WriterThreads

    init(options: BuildOptions) {
        statePath = BuildState.path(siteDirectory: options.siteDirectory, outputDirectory: options.outputDirectory)
        siteDirectory = options.siteDirectory
        memo = options.memo
        progress = options.progress
        writerThreads = options.writerThreads
    }

    /// What to draw and assemble, and where it goes.
    /// Qué dibujar y ensamblar, y adónde va.
    struct Work {
        /// Every page of the site, and the jobs of those to draw or keep (a job names its page by its place here).
        let pages: [Page]
        let jobs: [RenderStage.Job]
        let renderer: PageRenderer
        /// Assembles the files about the whole site and beside the pages; nil for an edit, which keeps the last build's.
        let assemble: (@Sendable () -> SiteAssembly)?
        /// The output's writer and what the last build left there; an edit keeps every file it does not draw.
        let writer: OutputWriter
        let last: OutputWriter.LastBuild
        let leavingOthers: Bool
        /// Every file of the output once written, sorted; nil when it is what render and assemble make.
        let files: [String]?
        /// The last build's files an edit replaces under other names (`leavingOthers`).
        var removing: [String] = []
    }

    /// How the records reach the disk when no `vitrina serve` keeps them: encoded from every record, or as given.
    enum RecordBytes {
        case encodeAll
        case encoded([UInt8])
    }

    /// What the back half made: the drawn output, the check's findings, the build's state, and what the writer left
    /// alone; `staging` still knows each file's fingerprint.
    struct Done: Sendable {
        var output: RenderStage.Output
        let findings: LinkFindings
        let state: BuildState
        let notes: [String]
        let staging: StagingArea
        /// The processor time the search index took to make and write, on every core (zero without one).
        var searchCPU = Duration.zero
    }

    /// Draws, assembles, checks and writes `work`, each step timed. `checking` gives what the check needs beside the
    /// drawn pages (it may take the records out of the output); `accepting` says how the records are written, or nil to
    /// leave the output as it was. Nothing reaches the output unless every step succeeds.
    /// Dibuja, ensambla, comprueba y escribe; nada llega a la salida si algún paso falla.
    func run(_ work: Work, timer: inout StageTimer, checking: (inout RenderStage.Output) -> LinkCheckInput,
             accepting: (LinkFindings) throws -> RecordBytes?) throws -> Done? {
        let toDraw = RenderStage.toDraw(work.jobs)
        let staging = try work.writer.beginStaging(after: work.last, leavingOthers: work.leavingOthers, removing: work.removing,
                                                   expectedFiles: toDraw)
        do {
            let sink = StagedPages(staging, toDraw: toDraw, threads: writerThreads)
            // Assembling (the search index most of it) needs the plan, not the drawn pages: it runs beside the drawing,
            // on the cores the drawing leaves while its files wait for the disk. Its own time is its stage's.
            // El ensamblado solo necesita el plan: va junto al dibujo, en los núcleos que este deja al esperar al disco.
            let drawing = ContinuousClock.now
            // Its files go into the staging area as soon as they are made, beside the drawing too (at 100,000 pages the
            // search index is 8,000 files, 70 MB: written after the drawing, on one thread, they took half a second).
            // Sus ficheros van a la carpeta temporal en cuanto se hacen, también junto al dibujo.
            let (drawn, assembled) = try Parallel.both({ [sink, progress] in
                try RenderStage(sink: sink, renderer: work.renderer, progress: progress).renderPages(work.jobs, of: work.pages)
            }, { [assemble = work.assemble] in
                assemble.map { assemble in
                    let start = ContinuousClock.now
                    let assembly = assemble()
                    let written = Result { try assembly.write(into: staging) }
                    return (assembly: assembly, written: written, took: ContinuousClock.now - start)
                }
            })
            timer.add("render", ContinuousClock.now - drawing)
            var output = drawn
            let searchWriting = try assembled?.written.get() ?? .zero
            if let assembled {
                timer.add("assemble", assembled.took, besideAnother: true)
                output.merge(assembled.assembly.output)
                output.files.sort()
            }
            let findings = timer.run("check") {
                var findings = check(output.drawn, checking(&output))
                findings.problems = UnresolvedLinks(work.pages).filter(findings.problems)
                return findings
            }
            guard let bytes = try accepting(findings) else {
                work.writer.discard(staging)
                return nil
            }
            let files = work.files ?? output.files
            let (state, notes) = try timer.run("write") {
                try write(staging, files: files, records: findings.records, as: bytes, by: work.writer)
            }
            return Done(output: output, findings: findings, state: state, notes: notes, staging: staging,
                        searchCPU: (assembled?.assembly.searchCPU ?? .zero) + searchWriting)
        } catch {
            work.writer.discard(staging)
            throw error
        }
    }

    /// Check: the links of the drawn pages and of the pages whose links may have a new outcome; the pages' records with
    /// their link outcomes, the ids known of every page, and every problem, by page, as values. The records and ids are
    /// taken, not copied: the check changes a few of them, and at 100,000 pages a copy of each table costs more than
    /// the check.
    /// Comprobación: los enlaces de las páginas dibujadas y de las que pueden dar otro resultado, como valores.
    func check(_ drawn: [PageLinks], _ input: consuming LinkCheckInput) -> LinkFindings {
        var findings = LinkFindings(records: [:], ids: [:])
        swap(&findings.records, &input.records)
        swap(&findings.ids, &input.ids)
        IncrementalLinkCheck(files: input.files, change: input.change, readUnchanged: input.lastOutput.html)
            .run(drawn: drawn, records: &findings.records, ids: &findings.ids)
        findings.problems = IncrementalLinkCheck.problems(findings.records)
        return findings
    }

    /// Write: the changed files of the staging area (drawn pages, assembled files) into the output, then what each page
    /// was made from; returns that record and what the writer left alone. Under `vitrina serve` the record
    /// is saved on another thread, in order (the process keeps it in memory, and waits for the writing when it stops; a
    /// process killed first leaves a file naming an older build, and the next build draws every page, as without one);
    /// else it is encoded on a second core while the files are committed.
    /// Escritura: los ficheros cambiados de la carpeta temporal a la salida, y de qué se hizo cada página.
    func write(_ staging: StagingArea, files: [String], records: [String: BuildState.Record], as bytes: RecordBytes,
               by writer: OutputWriter) throws -> (state: BuildState, notes: [String]) {
        guard let memo else {
            let encode: @Sendable () -> [UInt8] = {
                switch bytes {
                case .encodeAll: BuildState(records: records).encodedRecords(inOrderOf: files)
                case .encoded(let given): given
                }
            }
            let ((id, notes), lines) = try Parallel.both({ try writer.commit(staging, written: files) }, encode)
            try BuildState.save(lines, of: id, to: statePath)
            return (BuildState(buildID: id, records: records), notes)
        }
        let (id, notes) = try writer.commit(staging, written: files)
        let state = BuildState(buildID: id, records: records)
        memo.saveInBackground(state, at: statePath, of: siteDirectory, inOrderOf: files)
        memo.remember(state, at: statePath)
        return (state, notes)
    }
}

/// What the check needs besides the drawn pages: every page's record (the drawn ones' new), the ids each page had, the
/// output's files and how they changed since the last build, and the reader of the last output's pages.
/// Lo que necesita la comprobación además de las páginas dibujadas.
struct LinkCheckInput {
    var records: [String: BuildState.Record]
    var ids: [String: Set<String>]
    let files: Set<String>
    let change: IncrementalLinkCheck.FileChange
    let lastOutput: LastOutputReader
}

/// What the check stage found: each page's record with its links' outcomes, the ids of every page, and the problems.
/// Lo que halló la comprobación: el registro de cada página, los ids de cada página y los problemas.
struct LinkFindings: Sendable {
    var records: [String: BuildState.Record]
    var ids: [String: Set<String>]
    var problems: [String] = []
}

/// Reads back a page the last build left in the output, only when the check needs its links again (an unchanged page that
/// links to a file that appeared or went away): the one disk access of the check, handed to it by the loading side.
/// Lee de la salida una página de la última construcción, solo cuando la comprobación necesita de nuevo sus enlaces.
struct LastOutputReader: Sendable {
    let outputDirectory: String

    func html(_ file: String) -> [UInt8]? { try? Files.read("\(outputDirectory)/\(file)") }
}
