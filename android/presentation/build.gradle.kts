// The presentation layer (GameController): plain Kotlin, no Android, so it is unit-tested on the
// desktop JVM against the real library. The repository's test command
// (`scripts/test-kotlin.sh`) runs the same JUnit 5 tests without Gradle; `./gradlew :presentation:test`
// runs them here after `cargo build --release --lib` at the repository root.
plugins {
    alias(libs.plugins.kotlin.jvm)
}

java {
    sourceCompatibility = JavaVersion.VERSION_17
    targetCompatibility = JavaVersion.VERSION_17
}

// Java 17 bytecode from whatever JDK runs Gradle (no `jvmToolchain`, which fails on an Android
// Studio that has no JDK 17 installed beside its bundled JBR 21).
kotlin {
    compilerOptions { jvmTarget.set(org.jetbrains.kotlin.gradle.dsl.JvmTarget.JVM_17) }
}

sourceSets {
    test {
        // The tests share the repository's JVM test helpers (tests/kotlin) and run with them.
        kotlin.srcDirs("src/test/kotlin", "../../tests/kotlin")
    }
}

dependencies {
    api(project(":chesscore-kotlin"))
    testImplementation(libs.jna)
    testImplementation(libs.kotlin.test)
    testImplementation(libs.junit.jupiter)
    testRuntimeOnly(libs.junit.platform.launcher)
}

val repoRoot = rootProject.projectDir.parentFile

tasks.test {
    description = "Runs the Kotlin JVM tests (bindings, wrapper, presentation) against target/release."
    useJUnitPlatform()
    systemProperty("jna.library.path", File(repoRoot, "target/release").absolutePath)
}
