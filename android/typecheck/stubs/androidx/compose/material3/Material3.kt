// Type-checking stand-in, NOT the real library: the declarations the app uses, with the
// signatures of compose-material3 1.3 (Compose BOM 2024.12.01; api/1.3.0-beta03.txt), written by
// hand. Parameters keep their real names, order, types and optionality; a default that is a
// composable call or a token (ButtonDefaults.shape, MaterialTheme.colorScheme.primary, ...) is
// written TODO() here. Bodies are never run. See android/typecheck/stubs/README.md.
@file:Suppress("UNUSED_PARAMETER", "unused")

package androidx.compose.material3

import androidx.compose.foundation.BorderStroke
import androidx.compose.foundation.ScrollState
import androidx.compose.foundation.interaction.MutableInteractionSource
import androidx.compose.foundation.layout.ColumnScope
import androidx.compose.foundation.layout.PaddingValues
import androidx.compose.foundation.layout.RowScope
import androidx.compose.foundation.layout.WindowInsets
import androidx.compose.runtime.Composable
import androidx.compose.runtime.Immutable
import androidx.compose.runtime.ProvidableCompositionLocal
import androidx.compose.runtime.ReadOnlyComposable
import androidx.compose.runtime.Stable
import androidx.compose.ui.Modifier
import androidx.compose.ui.graphics.Color
import androidx.compose.ui.graphics.Shape
import androidx.compose.ui.graphics.StrokeCap
import androidx.compose.ui.graphics.vector.ImageVector
import androidx.compose.ui.text.TextLayoutResult
import androidx.compose.ui.text.TextStyle
import androidx.compose.ui.text.font.FontFamily
import androidx.compose.ui.text.font.FontStyle
import androidx.compose.ui.text.font.FontWeight
import androidx.compose.ui.text.style.TextAlign
import androidx.compose.ui.text.style.TextDecoration
import androidx.compose.ui.text.style.TextOverflow
import androidx.compose.ui.unit.Dp
import androidx.compose.ui.unit.DpOffset
import androidx.compose.ui.unit.TextUnit
import androidx.compose.ui.window.DialogProperties
import androidx.compose.ui.window.PopupProperties

@RequiresOptIn("This material API is experimental and is likely to change or to be removed in the future.")
@Retention(AnnotationRetention.BINARY)
annotation class ExperimentalMaterial3Api

// ---- Theme -------------------------------------------------------------------------------------

@Composable
fun MaterialTheme(
    colorScheme: ColorScheme = MaterialTheme.colorScheme,
    shapes: Shapes = MaterialTheme.shapes,
    typography: Typography = MaterialTheme.typography,
    content: @Composable () -> Unit,
): Unit = TODO()

object MaterialTheme {
    val colorScheme: ColorScheme
        @Composable @ReadOnlyComposable get() = TODO()
    val typography: Typography
        @Composable @ReadOnlyComposable get() = TODO()
    val shapes: Shapes
        @Composable @ReadOnlyComposable get() = TODO()
}

@Stable
class ColorScheme(
    val primary: Color,
    val onPrimary: Color,
    val primaryContainer: Color,
    val onPrimaryContainer: Color,
    val inversePrimary: Color,
    val secondary: Color,
    val onSecondary: Color,
    val secondaryContainer: Color,
    val onSecondaryContainer: Color,
    val tertiary: Color,
    val onTertiary: Color,
    val tertiaryContainer: Color,
    val onTertiaryContainer: Color,
    val background: Color,
    val onBackground: Color,
    val surface: Color,
    val onSurface: Color,
    val surfaceVariant: Color,
    val onSurfaceVariant: Color,
    val surfaceTint: Color,
    val inverseSurface: Color,
    val inverseOnSurface: Color,
    val error: Color,
    val onError: Color,
    val errorContainer: Color,
    val onErrorContainer: Color,
    val outline: Color,
    val outlineVariant: Color,
    val scrim: Color,
    val surfaceBright: Color,
    val surfaceDim: Color,
    val surfaceContainer: Color,
    val surfaceContainerHigh: Color,
    val surfaceContainerHighest: Color,
    val surfaceContainerLow: Color,
    val surfaceContainerLowest: Color,
)

fun lightColorScheme(
    primary: Color = TODO(),
    onPrimary: Color = TODO(),
    primaryContainer: Color = TODO(),
    onPrimaryContainer: Color = TODO(),
    inversePrimary: Color = TODO(),
    secondary: Color = TODO(),
    onSecondary: Color = TODO(),
    secondaryContainer: Color = TODO(),
    onSecondaryContainer: Color = TODO(),
    tertiary: Color = TODO(),
    onTertiary: Color = TODO(),
    tertiaryContainer: Color = TODO(),
    onTertiaryContainer: Color = TODO(),
    background: Color = TODO(),
    onBackground: Color = TODO(),
    surface: Color = TODO(),
    onSurface: Color = TODO(),
    surfaceVariant: Color = TODO(),
    onSurfaceVariant: Color = TODO(),
    surfaceTint: Color = primary,
    inverseSurface: Color = TODO(),
    inverseOnSurface: Color = TODO(),
    error: Color = TODO(),
    onError: Color = TODO(),
    errorContainer: Color = TODO(),
    onErrorContainer: Color = TODO(),
    outline: Color = TODO(),
    outlineVariant: Color = TODO(),
    scrim: Color = TODO(),
    surfaceBright: Color = TODO(),
    surfaceContainer: Color = TODO(),
    surfaceContainerHigh: Color = TODO(),
    surfaceContainerHighest: Color = TODO(),
    surfaceContainerLow: Color = TODO(),
    surfaceContainerLowest: Color = TODO(),
    surfaceDim: Color = TODO(),
): ColorScheme = TODO()

fun darkColorScheme(
    primary: Color = TODO(),
    onPrimary: Color = TODO(),
    primaryContainer: Color = TODO(),
    onPrimaryContainer: Color = TODO(),
    inversePrimary: Color = TODO(),
    secondary: Color = TODO(),
    onSecondary: Color = TODO(),
    secondaryContainer: Color = TODO(),
    onSecondaryContainer: Color = TODO(),
    tertiary: Color = TODO(),
    onTertiary: Color = TODO(),
    tertiaryContainer: Color = TODO(),
    onTertiaryContainer: Color = TODO(),
    background: Color = TODO(),
    onBackground: Color = TODO(),
    surface: Color = TODO(),
    onSurface: Color = TODO(),
    surfaceVariant: Color = TODO(),
    onSurfaceVariant: Color = TODO(),
    surfaceTint: Color = primary,
    inverseSurface: Color = TODO(),
    inverseOnSurface: Color = TODO(),
    error: Color = TODO(),
    onError: Color = TODO(),
    errorContainer: Color = TODO(),
    onErrorContainer: Color = TODO(),
    outline: Color = TODO(),
    outlineVariant: Color = TODO(),
    scrim: Color = TODO(),
    surfaceBright: Color = TODO(),
    surfaceContainer: Color = TODO(),
    surfaceContainerHigh: Color = TODO(),
    surfaceContainerHighest: Color = TODO(),
    surfaceContainerLow: Color = TODO(),
    surfaceContainerLowest: Color = TODO(),
    surfaceDim: Color = TODO(),
): ColorScheme = TODO()

@Composable
@ReadOnlyComposable
fun contentColorFor(backgroundColor: Color): Color = TODO()

@Immutable
class Typography(
    val displayLarge: TextStyle = TODO(),
    val displayMedium: TextStyle = TODO(),
    val displaySmall: TextStyle = TODO(),
    val headlineLarge: TextStyle = TODO(),
    val headlineMedium: TextStyle = TODO(),
    val headlineSmall: TextStyle = TODO(),
    val titleLarge: TextStyle = TODO(),
    val titleMedium: TextStyle = TODO(),
    val titleSmall: TextStyle = TODO(),
    val bodyLarge: TextStyle = TODO(),
    val bodyMedium: TextStyle = TODO(),
    val bodySmall: TextStyle = TODO(),
    val labelLarge: TextStyle = TODO(),
    val labelMedium: TextStyle = TODO(),
    val labelSmall: TextStyle = TODO(),
)

@Immutable
class Shapes(
    val extraSmall: androidx.compose.foundation.shape.CornerBasedShape = TODO(),
    val small: androidx.compose.foundation.shape.CornerBasedShape = TODO(),
    val medium: androidx.compose.foundation.shape.CornerBasedShape = TODO(),
    val large: androidx.compose.foundation.shape.CornerBasedShape = TODO(),
    val extraLarge: androidx.compose.foundation.shape.CornerBasedShape = TODO(),
)

val LocalContentColor: ProvidableCompositionLocal<Color> get() = TODO()
val LocalTextStyle: ProvidableCompositionLocal<TextStyle> get() = TODO()

// ---- Text and icons ----------------------------------------------------------------------------

@Composable
fun Text(
    text: String,
    modifier: Modifier = Modifier,
    color: Color = Color.Unspecified,
    fontSize: TextUnit = TextUnit.Unspecified,
    fontStyle: FontStyle? = null,
    fontWeight: FontWeight? = null,
    fontFamily: FontFamily? = null,
    letterSpacing: TextUnit = TextUnit.Unspecified,
    textDecoration: TextDecoration? = null,
    textAlign: TextAlign? = null,
    lineHeight: TextUnit = TextUnit.Unspecified,
    overflow: TextOverflow = TextOverflow.Clip,
    softWrap: Boolean = true,
    maxLines: Int = Int.MAX_VALUE,
    minLines: Int = 1,
    onTextLayout: ((TextLayoutResult) -> Unit)? = null,
    style: TextStyle = LocalTextStyle.current,
): Unit = TODO()

@Composable
fun Icon(
    imageVector: ImageVector,
    contentDescription: String?,
    modifier: Modifier = Modifier,
    tint: Color = LocalContentColor.current,
): Unit = TODO()

// ---- Buttons -----------------------------------------------------------------------------------

@Immutable
class ButtonColors(
    val containerColor: Color,
    val contentColor: Color,
    val disabledContainerColor: Color,
    val disabledContentColor: Color,
)

@Stable
class ButtonElevation internal constructor()

object ButtonDefaults {
    val ContentPadding: PaddingValues get() = TODO()
    val TextButtonContentPadding: PaddingValues get() = TODO()
    val shape: Shape @Composable get() = TODO()
    val textShape: Shape @Composable get() = TODO()
    val outlinedShape: Shape @Composable get() = TODO()

    @Composable fun buttonColors(): ButtonColors = TODO()

    @Composable
    fun buttonColors(
        containerColor: Color = Color.Unspecified,
        contentColor: Color = Color.Unspecified,
        disabledContainerColor: Color = Color.Unspecified,
        disabledContentColor: Color = Color.Unspecified,
    ): ButtonColors = TODO()

    @Composable fun textButtonColors(): ButtonColors = TODO()

    @Composable
    fun textButtonColors(
        containerColor: Color = Color.Unspecified,
        contentColor: Color = Color.Unspecified,
        disabledContainerColor: Color = Color.Unspecified,
        disabledContentColor: Color = Color.Unspecified,
    ): ButtonColors = TODO()

    @Composable fun outlinedButtonColors(): ButtonColors = TODO()

    @Composable fun buttonElevation(): ButtonElevation = TODO()

    @Composable fun outlinedButtonBorder(enabled: Boolean = true): BorderStroke = TODO()
}

@Composable
fun Button(
    onClick: () -> Unit,
    modifier: Modifier = Modifier,
    enabled: Boolean = true,
    shape: Shape = TODO(),
    colors: ButtonColors = TODO(),
    elevation: ButtonElevation? = TODO(),
    border: BorderStroke? = null,
    contentPadding: PaddingValues = ButtonDefaults.ContentPadding,
    interactionSource: MutableInteractionSource? = null,
    content: @Composable RowScope.() -> Unit,
): Unit = TODO()

@Composable
fun OutlinedButton(
    onClick: () -> Unit,
    modifier: Modifier = Modifier,
    enabled: Boolean = true,
    shape: Shape = TODO(),
    colors: ButtonColors = TODO(),
    elevation: ButtonElevation? = null,
    border: BorderStroke? = TODO(),
    contentPadding: PaddingValues = ButtonDefaults.ContentPadding,
    interactionSource: MutableInteractionSource? = null,
    content: @Composable RowScope.() -> Unit,
): Unit = TODO()

@Composable
fun TextButton(
    onClick: () -> Unit,
    modifier: Modifier = Modifier,
    enabled: Boolean = true,
    shape: Shape = TODO(),
    colors: ButtonColors = TODO(),
    elevation: ButtonElevation? = null,
    border: BorderStroke? = null,
    contentPadding: PaddingValues = ButtonDefaults.TextButtonContentPadding,
    interactionSource: MutableInteractionSource? = null,
    content: @Composable RowScope.() -> Unit,
): Unit = TODO()

@Immutable
class IconButtonColors(
    val containerColor: Color,
    val contentColor: Color,
    val disabledContainerColor: Color,
    val disabledContentColor: Color,
)

@Composable
fun IconButton(
    onClick: () -> Unit,
    modifier: Modifier = Modifier,
    enabled: Boolean = true,
    colors: IconButtonColors = TODO(),
    interactionSource: MutableInteractionSource? = null,
    content: @Composable () -> Unit,
): Unit = TODO()

// ---- Chips -------------------------------------------------------------------------------------

@Immutable
class ChipColors(
    val containerColor: Color,
    val labelColor: Color,
    val leadingIconContentColor: Color,
    val trailingIconContentColor: Color,
    val disabledContainerColor: Color,
    val disabledLabelColor: Color,
    val disabledLeadingIconContentColor: Color,
    val disabledTrailingIconContentColor: Color,
)

@Immutable
class ChipElevation(
    val elevation: Dp,
    val pressedElevation: Dp,
    val focusedElevation: Dp,
    val hoveredElevation: Dp,
    val draggedElevation: Dp,
    val disabledElevation: Dp,
)

@Composable
fun AssistChip(
    onClick: () -> Unit,
    label: @Composable () -> Unit,
    modifier: Modifier = Modifier,
    enabled: Boolean = true,
    leadingIcon: @Composable (() -> Unit)? = null,
    trailingIcon: @Composable (() -> Unit)? = null,
    shape: Shape = TODO(),
    colors: ChipColors = TODO(),
    elevation: ChipElevation? = TODO(),
    border: BorderStroke? = TODO(),
    interactionSource: MutableInteractionSource? = null,
): Unit = TODO()

// ---- Cards -------------------------------------------------------------------------------------

@Immutable
class CardColors(
    val containerColor: Color,
    val contentColor: Color,
    val disabledContainerColor: Color,
    val disabledContentColor: Color,
)

@Immutable
class CardElevation internal constructor()

object CardDefaults {
    val shape: Shape @Composable get() = TODO()

    @Composable fun cardColors(): CardColors = TODO()

    @Composable
    fun cardColors(
        containerColor: Color = Color.Unspecified,
        contentColor: Color = contentColorFor(containerColor),
        disabledContainerColor: Color = Color.Unspecified,
        disabledContentColor: Color = contentColor,
    ): CardColors = TODO()

    @Composable
    fun cardElevation(
        defaultElevation: Dp = TODO(),
        pressedElevation: Dp = TODO(),
        focusedElevation: Dp = TODO(),
        hoveredElevation: Dp = TODO(),
        draggedElevation: Dp = TODO(),
        disabledElevation: Dp = TODO(),
    ): CardElevation = TODO()
}

@Composable
fun Card(
    modifier: Modifier = Modifier,
    shape: Shape = CardDefaults.shape,
    colors: CardColors = CardDefaults.cardColors(),
    elevation: CardElevation = CardDefaults.cardElevation(),
    border: BorderStroke? = null,
    content: @Composable ColumnScope.() -> Unit,
): Unit = TODO()

@Composable
fun Card(
    onClick: () -> Unit,
    modifier: Modifier = Modifier,
    enabled: Boolean = true,
    shape: Shape = CardDefaults.shape,
    colors: CardColors = CardDefaults.cardColors(),
    elevation: CardElevation = CardDefaults.cardElevation(),
    border: BorderStroke? = null,
    interactionSource: MutableInteractionSource? = null,
    content: @Composable ColumnScope.() -> Unit,
): Unit = TODO()

// ---- Selection controls ------------------------------------------------------------------------

@Immutable class CheckboxColors internal constructor()
@Immutable class RadioButtonColors internal constructor()
@Immutable class SwitchColors internal constructor()
@Immutable class SliderColors internal constructor()

@Composable
fun Checkbox(
    checked: Boolean,
    onCheckedChange: ((Boolean) -> Unit)?,
    modifier: Modifier = Modifier,
    enabled: Boolean = true,
    colors: CheckboxColors = TODO(),
    interactionSource: MutableInteractionSource? = null,
): Unit = TODO()

@Composable
fun RadioButton(
    selected: Boolean,
    onClick: (() -> Unit)?,
    modifier: Modifier = Modifier,
    enabled: Boolean = true,
    colors: RadioButtonColors = TODO(),
    interactionSource: MutableInteractionSource? = null,
): Unit = TODO()

@Composable
fun Switch(
    checked: Boolean,
    onCheckedChange: ((Boolean) -> Unit)?,
    modifier: Modifier = Modifier,
    thumbContent: (@Composable () -> Unit)? = null,
    enabled: Boolean = true,
    colors: SwitchColors = TODO(),
    interactionSource: MutableInteractionSource? = null,
): Unit = TODO()

@Composable
fun Slider(
    value: Float,
    onValueChange: (Float) -> Unit,
    modifier: Modifier = Modifier,
    enabled: Boolean = true,
    valueRange: ClosedFloatingPointRange<Float> = 0f..1f,
    steps: Int = 0,
    onValueChangeFinished: (() -> Unit)? = null,
    colors: SliderColors = TODO(),
    interactionSource: MutableInteractionSource = TODO(),
): Unit = TODO()

@ExperimentalMaterial3Api
class SliderState(
    value: Float = 0f,
    steps: Int = 0,
    onValueChangeFinished: (() -> Unit)? = null,
    valueRange: ClosedFloatingPointRange<Float> = 0f..1f,
)

// The experimental overload with thumb and track slots: a call that names only the stable
// parameters resolves to the overload above (fewer unused defaults), as with the real library.
@ExperimentalMaterial3Api
@Composable
fun Slider(
    value: Float,
    onValueChange: (Float) -> Unit,
    modifier: Modifier = Modifier,
    enabled: Boolean = true,
    onValueChangeFinished: (() -> Unit)? = null,
    colors: SliderColors = TODO(),
    interactionSource: MutableInteractionSource = TODO(),
    steps: Int = 0,
    thumb: @Composable (SliderState) -> Unit = {},
    track: @Composable (SliderState) -> Unit = {},
    valueRange: ClosedFloatingPointRange<Float> = 0f..1f,
): Unit = TODO()

// ---- Progress indicators -----------------------------------------------------------------------

object ProgressIndicatorDefaults {
    val linearColor: Color @Composable get() = TODO()
    val circularColor: Color @Composable get() = TODO()
    val linearTrackColor: Color @Composable get() = TODO()
    @Deprecated("Renamed to circularDeterminateTrackColor or circularIndeterminateTrackColor")
    val circularTrackColor: Color @Composable get() = TODO()
    val circularDeterminateTrackColor: Color @Composable get() = TODO()
    val circularIndeterminateTrackColor: Color @Composable get() = TODO()
    val CircularStrokeWidth: Dp get() = TODO()
    val LinearStrokeCap: StrokeCap get() = TODO()
    val CircularDeterminateStrokeCap: StrokeCap get() = TODO()
    val CircularIndeterminateStrokeCap: StrokeCap get() = TODO()
    @ExperimentalMaterial3Api val LinearIndicatorTrackGapSize: Dp get() = TODO()
    @ExperimentalMaterial3Api val CircularIndicatorTrackGapSize: Dp get() = TODO()
}

// The Float-progress overloads are deprecated (warning level) in 1.3; the other deprecated
// overloads of the api file are binary-compatibility ones, hidden from source.
@Deprecated("Use the overload that takes `progress` as a lambda")
@Composable
fun LinearProgressIndicator(
    progress: Float,
    modifier: Modifier = Modifier,
    color: Color = ProgressIndicatorDefaults.linearColor,
    trackColor: Color = ProgressIndicatorDefaults.linearTrackColor,
    strokeCap: StrokeCap = ProgressIndicatorDefaults.LinearStrokeCap,
): Unit = TODO()

@Deprecated("Use the overload that takes `progress` as a lambda")
@Composable
fun CircularProgressIndicator(
    progress: Float,
    modifier: Modifier = Modifier,
    color: Color = ProgressIndicatorDefaults.circularColor,
    strokeWidth: Dp = ProgressIndicatorDefaults.CircularStrokeWidth,
    trackColor: Color = ProgressIndicatorDefaults.circularDeterminateTrackColor,
    strokeCap: StrokeCap = ProgressIndicatorDefaults.CircularDeterminateStrokeCap,
): Unit = TODO()

@Composable
fun LinearProgressIndicator(
    progress: () -> Float,
    modifier: Modifier = Modifier,
    color: Color = ProgressIndicatorDefaults.linearColor,
    trackColor: Color = ProgressIndicatorDefaults.linearTrackColor,
    strokeCap: StrokeCap = ProgressIndicatorDefaults.LinearStrokeCap,
    gapSize: Dp = TODO(),
    drawStopIndicator: androidx.compose.ui.graphics.drawscope.DrawScope.() -> Unit = {},
): Unit = TODO()

@Composable
fun LinearProgressIndicator(
    modifier: Modifier = Modifier,
    color: Color = ProgressIndicatorDefaults.linearColor,
    trackColor: Color = ProgressIndicatorDefaults.linearTrackColor,
    strokeCap: StrokeCap = ProgressIndicatorDefaults.LinearStrokeCap,
    gapSize: Dp = TODO(),
): Unit = TODO()

@Composable
fun CircularProgressIndicator(
    progress: () -> Float,
    modifier: Modifier = Modifier,
    color: Color = ProgressIndicatorDefaults.circularColor,
    strokeWidth: Dp = ProgressIndicatorDefaults.CircularStrokeWidth,
    trackColor: Color = ProgressIndicatorDefaults.circularDeterminateTrackColor,
    strokeCap: StrokeCap = ProgressIndicatorDefaults.CircularDeterminateStrokeCap,
    gapSize: Dp = TODO(),
): Unit = TODO()

@Composable
fun CircularProgressIndicator(
    modifier: Modifier = Modifier,
    color: Color = ProgressIndicatorDefaults.circularColor,
    strokeWidth: Dp = ProgressIndicatorDefaults.CircularStrokeWidth,
    trackColor: Color = ProgressIndicatorDefaults.circularIndeterminateTrackColor,
    strokeCap: StrokeCap = ProgressIndicatorDefaults.CircularIndeterminateStrokeCap,
): Unit = TODO()

// ---- Menus -------------------------------------------------------------------------------------

@Immutable class MenuItemColors internal constructor()

object MenuDefaults {
    val DropdownMenuItemContentPadding: PaddingValues get() = TODO()
    val TonalElevation: Dp get() = TODO()
    val ShadowElevation: Dp get() = TODO()
    val shape: Shape @Composable get() = TODO()
    val containerColor: Color @Composable get() = TODO()

    @Composable fun itemColors(): MenuItemColors = TODO()
}

@Composable
fun DropdownMenu(
    expanded: Boolean,
    onDismissRequest: () -> Unit,
    modifier: Modifier = Modifier,
    offset: DpOffset = TODO(),
    scrollState: ScrollState = TODO(),
    properties: PopupProperties = PopupProperties(focusable = true),
    shape: Shape = MenuDefaults.shape,
    containerColor: Color = MenuDefaults.containerColor,
    tonalElevation: Dp = MenuDefaults.TonalElevation,
    shadowElevation: Dp = MenuDefaults.ShadowElevation,
    border: BorderStroke? = null,
    content: @Composable ColumnScope.() -> Unit,
): Unit = TODO()

@Composable
fun DropdownMenuItem(
    text: @Composable () -> Unit,
    onClick: () -> Unit,
    modifier: Modifier = Modifier,
    leadingIcon: @Composable (() -> Unit)? = null,
    trailingIcon: @Composable (() -> Unit)? = null,
    enabled: Boolean = true,
    colors: MenuItemColors = MenuDefaults.itemColors(),
    contentPadding: PaddingValues = MenuDefaults.DropdownMenuItemContentPadding,
    interactionSource: MutableInteractionSource? = null,
): Unit = TODO()

// ---- Dialogs -----------------------------------------------------------------------------------

object AlertDialogDefaults {
    val shape: Shape @Composable get() = TODO()
    val containerColor: Color @Composable get() = TODO()
    val iconContentColor: Color @Composable get() = TODO()
    val titleContentColor: Color @Composable get() = TODO()
    val textContentColor: Color @Composable get() = TODO()
    val TonalElevation: Dp get() = TODO()
}

@Composable
fun AlertDialog(
    onDismissRequest: () -> Unit,
    confirmButton: @Composable () -> Unit,
    modifier: Modifier = Modifier,
    dismissButton: @Composable (() -> Unit)? = null,
    icon: @Composable (() -> Unit)? = null,
    title: @Composable (() -> Unit)? = null,
    text: @Composable (() -> Unit)? = null,
    shape: Shape = AlertDialogDefaults.shape,
    containerColor: Color = AlertDialogDefaults.containerColor,
    iconContentColor: Color = AlertDialogDefaults.iconContentColor,
    titleContentColor: Color = AlertDialogDefaults.titleContentColor,
    textContentColor: Color = AlertDialogDefaults.textContentColor,
    tonalElevation: Dp = AlertDialogDefaults.TonalElevation,
    properties: DialogProperties = DialogProperties(),
): Unit = TODO()

@Deprecated("Use BasicAlertDialog instead", replaceWith = ReplaceWith("BasicAlertDialog(onDismissRequest, modifier, properties, content)"))
@ExperimentalMaterial3Api
@Composable
fun AlertDialog(
    onDismissRequest: () -> Unit,
    modifier: Modifier = Modifier,
    properties: DialogProperties = DialogProperties(),
    content: @Composable () -> Unit,
): Unit = TODO()

// ---- Text fields -------------------------------------------------------------------------------

@Immutable class TextFieldColors internal constructor()

// The VisualTransformation, KeyboardOptions and KeyboardActions parameters (androidx.compose.ui.text.input,
// androidx.compose.foundation.text) are declared with stand-in types of the same names below.
@Composable
fun OutlinedTextField(
    value: String,
    onValueChange: (String) -> Unit,
    modifier: Modifier = Modifier,
    enabled: Boolean = true,
    readOnly: Boolean = false,
    textStyle: TextStyle = LocalTextStyle.current,
    label: @Composable (() -> Unit)? = null,
    placeholder: @Composable (() -> Unit)? = null,
    leadingIcon: @Composable (() -> Unit)? = null,
    trailingIcon: @Composable (() -> Unit)? = null,
    prefix: @Composable (() -> Unit)? = null,
    suffix: @Composable (() -> Unit)? = null,
    supportingText: @Composable (() -> Unit)? = null,
    isError: Boolean = false,
    visualTransformation: androidx.compose.ui.text.input.VisualTransformation = TODO(),
    keyboardOptions: androidx.compose.foundation.text.KeyboardOptions = TODO(),
    keyboardActions: androidx.compose.foundation.text.KeyboardActions = TODO(),
    singleLine: Boolean = false,
    maxLines: Int = if (singleLine) 1 else Int.MAX_VALUE,
    minLines: Int = 1,
    interactionSource: MutableInteractionSource? = null,
    shape: Shape = TODO(),
    colors: TextFieldColors = TODO(),
): Unit = TODO()

// ---- Scaffold, app bars, snackbars -------------------------------------------------------------

@JvmInline
value class FabPosition internal constructor(@Suppress("unused") private val value: Int) {
    companion object {
        val Start: FabPosition get() = TODO()
        val Center: FabPosition get() = TODO()
        val End: FabPosition get() = TODO()
        val EndOverlay: FabPosition get() = TODO()
    }
}

object ScaffoldDefaults {
    val contentWindowInsets: WindowInsets @Composable get() = TODO()
}

@Composable
fun Scaffold(
    modifier: Modifier = Modifier,
    topBar: @Composable () -> Unit = {},
    bottomBar: @Composable () -> Unit = {},
    snackbarHost: @Composable () -> Unit = {},
    floatingActionButton: @Composable () -> Unit = {},
    floatingActionButtonPosition: FabPosition = FabPosition.End,
    containerColor: Color = MaterialTheme.colorScheme.background,
    contentColor: Color = contentColorFor(containerColor),
    contentWindowInsets: WindowInsets = ScaffoldDefaults.contentWindowInsets,
    content: @Composable (PaddingValues) -> Unit,
): Unit = TODO()

@Stable class TopAppBarColors internal constructor()

@ExperimentalMaterial3Api
@Stable
interface TopAppBarScrollBehavior

object TopAppBarDefaults {
    val TopAppBarExpandedHeight: Dp get() = TODO()
    val windowInsets: WindowInsets @Composable get() = TODO()

    @Composable fun topAppBarColors(): TopAppBarColors = TODO()
}

@ExperimentalMaterial3Api
@Composable
fun TopAppBar(
    title: @Composable () -> Unit,
    modifier: Modifier = Modifier,
    navigationIcon: @Composable () -> Unit = {},
    actions: @Composable RowScope.() -> Unit = {},
    expandedHeight: Dp = TopAppBarDefaults.TopAppBarExpandedHeight,
    windowInsets: WindowInsets = TopAppBarDefaults.windowInsets,
    colors: TopAppBarColors = TopAppBarDefaults.topAppBarColors(),
    scrollBehavior: TopAppBarScrollBehavior? = null,
): Unit = TODO()

object BottomAppBarDefaults {
    val ContainerElevation: Dp get() = TODO()
    val ContentPadding: PaddingValues get() = TODO()
    val containerColor: Color @Composable get() = TODO()
    val windowInsets: WindowInsets @Composable get() = TODO()
}

@Composable
fun BottomAppBar(
    actions: @Composable RowScope.() -> Unit,
    modifier: Modifier = Modifier,
    floatingActionButton: @Composable (() -> Unit)? = null,
    containerColor: Color = BottomAppBarDefaults.containerColor,
    contentColor: Color = contentColorFor(containerColor),
    tonalElevation: Dp = BottomAppBarDefaults.ContainerElevation,
    contentPadding: PaddingValues = BottomAppBarDefaults.ContentPadding,
    windowInsets: WindowInsets = BottomAppBarDefaults.windowInsets,
): Unit = TODO()

@Composable
fun BottomAppBar(
    modifier: Modifier = Modifier,
    containerColor: Color = BottomAppBarDefaults.containerColor,
    contentColor: Color = contentColorFor(containerColor),
    tonalElevation: Dp = BottomAppBarDefaults.ContainerElevation,
    contentPadding: PaddingValues = BottomAppBarDefaults.ContentPadding,
    windowInsets: WindowInsets = BottomAppBarDefaults.windowInsets,
    content: @Composable RowScope.() -> Unit,
): Unit = TODO()

enum class SnackbarDuration { Short, Long, Indefinite }

enum class SnackbarResult { Dismissed, ActionPerformed }

@Stable
interface SnackbarVisuals {
    val message: String
    val actionLabel: String?
    val withDismissAction: Boolean
    val duration: SnackbarDuration
}

@Stable
interface SnackbarData {
    val visuals: SnackbarVisuals
    fun performAction()
    fun dismiss()
}

@Stable
class SnackbarHostState {
    val currentSnackbarData: SnackbarData? get() = TODO()

    suspend fun showSnackbar(
        message: String,
        actionLabel: String? = null,
        withDismissAction: Boolean = false,
        duration: SnackbarDuration = if (actionLabel == null) SnackbarDuration.Short else SnackbarDuration.Indefinite,
    ): SnackbarResult = TODO()

    suspend fun showSnackbar(visuals: SnackbarVisuals): SnackbarResult = TODO()
}

@Composable
fun Snackbar(snackbarData: SnackbarData, modifier: Modifier = Modifier): Unit = TODO()

@Composable
fun SnackbarHost(
    hostState: SnackbarHostState,
    modifier: Modifier = Modifier,
    snackbar: @Composable (SnackbarData) -> Unit = { Snackbar(it) },
): Unit = TODO()

@Composable
fun HorizontalDivider(
    modifier: Modifier = Modifier,
    thickness: Dp = DividerDefaults.Thickness,
    color: Color = DividerDefaults.color,
): Unit = TODO()

object DividerDefaults {
    val Thickness: Dp get() = TODO()
    val color: Color @Composable get() = TODO()
}
