/// Render, check and write: the stages a build and a quick edit share, so both draw, check and record pages alike.
/// Dibujo, comprobación y escritura: las etapas que comparten la construcción y la edición rápida.
struct OutputStages {
    let outputDirectory: String
    /// Where this output's build state is kept.
    let statePath: String
    let memo: BuildMemo?
    let progress: (any BuildProgress)?

    init(options: BuildOptions) {
        outputDirectory = options.outputDirectory
        statePath = BuildState.path(siteDirectory: options.siteDirectory, outputDirectory: options.outputDirectory)
        memo = options.memo
        progress = options.progress
    }

    /// Render: draws each page whose inputs changed into `staging`, in parallel; the others keep their file and record.
    /// Dibujo: dibuja en la carpeta temporal cada página cuyas entradas cambiaron; las demás conservan su fichero.
    func render(_ jobs: [RenderStage.Job], with renderer: PageRenderer, into staging: StagingArea) throws -> RenderStage.Output {
        try RenderStage(staging: staging, renderer: renderer, progress: progress).renderPages(jobs)
    }

    /// Check: the links of the drawn pages and of the pages whose links may have a new outcome; every problem, by page.
    /// Comprobación: los enlaces de las páginas dibujadas y de las que pueden dar otro resultado.
    func check(_ drawn: [PageLinks], records: inout [String: BuildState.Record], files: Set<String>, filesChanged: Bool,
               ids: inout [String: Set<String>]) -> [String] {
        IncrementalLinkCheck(files: files, filesChanged: filesChanged, readKept: { [outputDirectory] in try? Files.read("\(outputDirectory)/\($0)") })
            .run(drawn: drawn, records: &records, ids: &ids)
        return IncrementalLinkCheck.problems(records)
    }

    /// Write: brings the changed files into the output, then records what each page was made from; returns that record
    /// and what the writer left alone.
    /// Escritura: lleva los ficheros cambiados a la salida y anota de qué se hizo cada página.
    func write(_ staging: StagingArea, files: [String], records: [String: BuildState.Record],
               by writer: OutputWriter) throws -> (state: BuildState, notes: [String]) {
        let (id, notes) = try writer.commit(staging, written: files)
        let state = BuildState(buildID: id, records: records)
        try state.save(statePath)
        memo?.remember(state, at: statePath)
        return (state, notes)
    }
}
