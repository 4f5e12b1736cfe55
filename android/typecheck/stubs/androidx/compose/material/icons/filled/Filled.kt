// Type-checking stand-in, NOT the real library: the icons the app uses, declared as in
// compose-material-icons-core 1.7 (one extension property per icon). Bodies are never run.
// See android/typecheck/stubs/README.md.
@file:Suppress("unused")

package androidx.compose.material.icons.filled

import androidx.compose.material.icons.Icons
import androidx.compose.ui.graphics.vector.ImageVector

val Icons.Filled.MoreVert: ImageVector get() = TODO()
val Icons.Filled.Add: ImageVector get() = TODO()
val Icons.Filled.Close: ImageVector get() = TODO()
val Icons.Filled.Menu: ImageVector get() = TODO()
val Icons.Filled.Share: ImageVector get() = TODO()
val Icons.Filled.Settings: ImageVector get() = TODO()
