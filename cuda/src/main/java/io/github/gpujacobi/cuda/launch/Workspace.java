package io.github.gpujacobi.cuda.launch;

/**
 * Every device buffer a solver asks {@link DeviceBuffers} for, declared once: a typo is a compile error, and two
 * solvers that name the same workspace share its allocation (pages and routes run one after the other on a context).
 * The label is the buffer's name in error messages; a label with %d is one buffer a level ({@link #at}).
 */
public enum Workspace {
    // shared by several solvers: one allocation serves each in turn
    A("A"),
    U("U"),
    V("V"),
    X("X"),
    BLOCK_PAIRS("blockPairs"),
    BLOCKED_PAIRS("blockedPairs"),
    BLOCKED_SIGMA("blockedSigma"),
    BLOCKED_U("blockedU"),
    BLOCKED_V("blockedV"),
    BP_A("bpA"),
    CHOL_WORK("cholWork"),
    COUNTER("counter"),
    INFO("info"),
    PAGE_ROTATIONS("pageRotations"),
    PAGE_SWEEPS("pageSweeps"),
    PAIRS("pairs"),
    SIGMA("sigma"),
    // BlockedCheck
    BLOCKED_CHECK("blockedCheck"),
    BLOCKED_CHECK_COUNT("blockedCheckCount"),
    BLOCKED_CHECK_LIST("blockedCheckList"),
    BLOCKED_CHECK_P("blockedCheckP"),
    BLOCKED_CHECK_PAIRS("blockedCheckPairs"),
    BLOCKED_CHECK_X("blockedCheckX"),
    BLOCKED_DEFICIENT("blockedDeficient"),
    // BlockedPreconditioner
    PRECOND_Q("precondQ"),
    PRECOND_SLOT("precondSlot"),
    PRECOND_W("precondW"),
    PRECOND_WORK("precondWork"),
    PRECOND_X("precondX"),
    // BlockedSweeps
    BLOCKED_CROSS("blockedCross"),
    BLOCKED_CS("blockedCs"),
    BLOCKED_DIAG_PAIRS("blockedDiagPairs"),
    BLOCKED_DIAG_SIGNS("blockedDiagSigns"),
    BLOCKED_GRAM("blockedGram"),
    BLOCKED_PAIR_SIGNS("blockedPairSigns"),
    BLOCKED_Q("blockedQ"),
    BLOCKED_R("blockedR"),
    BLOCKED_ROT("blockedRot"),
    BLOCKED_ROT_DIAG("blockedRotDiag"),
    BLOCKED_SLOT("blockedSlot"),
    BLOCKED_SLOT_ODD("blockedSlotOdd"),
    BLOCKED_SPLIT_CROSS("blockedSplitCross"),
    BLOCKED_W0("blockedW0"),
    BLOCKED_W1("blockedW1"),
    // BlockedTables
    BLOCKED_PTRS("blockedPtrs"),
    // CudaBatchedEig
    D("D"),
    // CudaBatchedInverse
    INV_NORMS("invNorms"),
    INV_PAGES("invPages"),
    INV_SINGULAR("invSingular"),
    // CudaBatchedSvd
    PARTNERS("partners"),
    // CudaBlockedSvd
    BLOCKED_IN("blockedIn"),
    BLOCKED_TAU("blockedTau"),
    BLOCKED_U2("blockedU2"),
    PRECOND_XP("precondXP"),
    QR_WORK("qrWork"),
    // CudaBunchParlett
    BP_G("bpG"),
    BP_J("bpJ"),
    BP_L("bpL"),
    BP_PARTIAL("bpPartial"),
    BP_PERM("bpPerm"),
    BP_STATE("bpState"),
    // CudaEig
    CS("cs"),
    DIAG("diag"),
    PART_A("partA"),
    PART_K("partK"),
    PART_W("partW"),
    ROW_PAIR("rowPair"),
    // CudaGaussJordan
    GJ_INFO("gjInfo"),
    GJ_LINV("gjLinv"),
    GJ_P("gjP"),
    GJ_PERM("gjPerm"),
    GJ_T("gjT"),
    GJ_W("gjW"),
    GJ_WORK("gjWork"),
    PIV("piv"),
    // CudaHyperbolicPrecondition
    HYP_INFO("hypInfo"),
    HYP_W("hypW"),
    HYP_X("hypX"),
    // CudaIndefiniteEig
    HYP_M("hypM"),
    HYP_P("hypP"),
    HYP_Y("hypY"),
    // CudaMultiGpuBlockedSvd
    MG_CHOL("mgChol"),
    MG_CS("mgCs"),
    MG_GRAM("mgGram"),
    MG_PTRS("mgPtrs"),
    MG_Q("mgQ"),
    MG_R("mgR"),
    MG_ROT("mgRot"),
    MG_STAGE("mgStage"),
    MG_W0("mgW0"),
    MG_W1("mgW1"),
    // CudaSplitPairs
    SPLIT_GRAM_CROSS("splitGramCross"),
    SPLIT_GRAM_DIAG("splitGramDiag"),
    // CudaSvd
    SIGNS("signs"),
    // the device's checks of the input and the sorted results (SymmetricIntake, InverseOnDevice, the page routes)
    INTAKE_PAGE("intakePage"),
    INTAKE_OUT("intakeOut"),
    INTAKE_GENERAL("intakeGeneral"),
    INTAKE_ORDER("intakeOrder"),
    INTAKE_VECTORS("intakeVectors"),
    PAGE_CHECKS("pageChecks"),
    D_SORTED("Dsorted"),
    V_SORTED("Vsorted"),
    // SvdIntake, the svd routes' device passes
    SVD_RAW("svdRaw"),
    SVD_LINE_EXP("svdLineExp"),
    SVD_LINE_SSQ("svdLineSsq"),
    SVD_PAGE_EXP("svdPageExp"),
    SVD_ROW_NORMS("svdRowNorms"),
    SVD_ROW_ORDER("svdRowOrder"),
    SVD_ROWS("svdRows"),
    OUTPUT_BAD("outputBad"),
    SVD_SORTED_S("svdSortedS"),
    SVD_SORTED_U("svdSortedU"),
    SVD_SORTED_V("svdSortedV"),
    SVD_HOST_PAGES("svdHostPages"),
    // CudaPagesLu: cuBLAS's batched LU of pages
    LU_PAGES("luPages"),
    LU_INVERSES("luInverses"),
    LU_PIVOTS("luPivots"),
    LU_INFO("luInfo"),
    LU_INFO_INVERSE("luInfoInverse"),
    LU_PAGE_PTRS("luPagePtrs"),
    LU_INVERSE_PTRS("luInversePtrs"),
    // LinkProbe
    LINK_PROBE("linkProbe"),
    // PagePolish
    PAGE_POLISH_T("pagePolishT"),
    PAGE_POLISH_W("pagePolishW"),
    // PagePreconditioner: double eig pages from single-precision eigenvectors
    PRECOND_PAGES_SINGLE("precondPagesSingle"),
    PRECOND_PAGES_VALUES("precondPagesValues"),
    PRECOND_PAGES_Q("precondPagesQ"),
    PRECOND_PAGES_PRODUCT("precondPagesProduct"),
    PRECOND_PAGES_WORK("precondPagesWork"),
    PRECOND_PAGES_EXPONENTS("precondPagesExponents"),
    PRECOND_PAGES_PLAIN("precondPagesPlain"),
    PRECOND_PAGES_INFO("precondPagesInfo"),
    PRECOND_PAGES_WIDE("precondPagesWide"),
    PRECOND_PAGES_S("precondPagesS"),
    PRECOND_PAGES_ENORM("precondPagesEnorm"),
    PRECOND_PAGES_UNCONVERGED("precondPagesUnconverged"),
    // PolarPolish
    POLISH_Q("polishQ"),
    POLISH_T("polishT"),
    // CudaSplitPairs: one set a split level (the pair width)
    SPLIT_SUB("split%dSub"),
    SPLIT_Q("split%dQ"),
    SPLIT_D1("split%dD1"),
    SPLIT_D2("split%dD2"),
    SPLIT_T("split%dT"),
    SPLIT_SIGNS("split%dSigns"),
    SPLIT_R("split%dR"),
    SPLIT_CS("split%dCs");

    private final String label;

    Workspace(String label) { this.label = label; }

    /** The name of this workspace's buffer for one level (the split pair problems' width), for labels with %d. */
    String at(int level) { return String.format(java.util.Locale.ROOT, label, level); }

    @Override
    public String toString() { return label; }
}
