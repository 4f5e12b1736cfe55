// The presentation layer (GameController): plain Kotlin, no Android, so it is unit-tested on the
// desktop JVM against the real library. The repository's test command
// (`scripts/test-kotlin.sh`) runs the same tests without Gradle; `./gradlew :presentation:jvmTests`
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
        // The tests use the repository's small runner (tests/kotlin/TestRunner.kt) and helpers.
        kotlin.srcDirs("src/test/kotlin", "../../tests/kotlin")
    }
}

dependencies {
    api(project(":chesscore-kotlin"))
    testImplementation(libs.jna)
    testImplementation(libs.kotlin.test)
}

val repoRoot = rootProject.projectDir.parentFile

tasks.register<JavaExec>("jvmTests") {
    description = "Runs the Kotlin JVM tests (bindings, wrapper, presentation) against target/release."
    group = "verification"
    dependsOn("testClasses")
    classpath = sourceSets["test"].runtimeClasspath
    mainClass.set("dev.chesscore.tests.MainKt")
    systemProperty("jna.library.path", File(repoRoot, "target/release").absolutePath)
}
