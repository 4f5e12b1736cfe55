// The chesscore Android project: the generated bindings + wrapper as a JVM library, the
// presentation layer (plain Kotlin, tested on the desktop JVM) and the Compose app.
pluginManagement {
    repositories {
        google()
        mavenCentral()
        gradlePluginPortal()
    }
}

dependencyResolutionManagement {
    repositoriesMode.set(RepositoriesMode.FAIL_ON_PROJECT_REPOS)
    repositories {
        google()
        mavenCentral()
    }
}

rootProject.name = "chesscore-android"
include(":chesscore-kotlin", ":presentation", ":app")
