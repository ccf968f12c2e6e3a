// Code generated from customtypes/*/index.json and views/slices/*/model.json
// by this project's Slice Machine adapter (packages/slicemachine-adapter). DO NOT EDIT:
// `npm run prismic:types` rewrites it, and so does Slice Machine on every model change.

import type * as prismic from "@prismicio/client";

type Simplify<T> = { [KeyType in keyof T]: T[KeyType] };


type PickContentRelationshipFieldData<
	TRelationship extends prismic.CustomTypeModelFetchCustomTypeLevel1 | prismic.CustomTypeModelFetchCustomTypeLevel2 | prismic.CustomTypeModelFetchGroupLevel1 | prismic.CustomTypeModelFetchGroupLevel2,
	TData extends Record<string, prismic.AnyRegularField | prismic.GroupField | prismic.NestedGroupField | prismic.SliceZone>,
	TLang extends string
> = |
	// Content relationship fields
	{
		[TSubRelationship in Extract<
			TRelationship["fields"][number], prismic.CustomTypeModelFetchContentRelationshipLevel1
		> as TSubRelationship["id"]]:
			ContentRelationshipFieldWithData<TSubRelationship["customtypes"], TLang>;
	} &
	// Group
	{
		[TGroup in Extract<
			TRelationship["fields"][number], prismic.CustomTypeModelFetchGroupLevel1 | prismic.CustomTypeModelFetchGroupLevel2
		> as TGroup["id"]]:
			TData[TGroup["id"]] extends prismic.GroupField<infer TGroupData>
				? prismic.GroupField<PickContentRelationshipFieldData<TGroup, TGroupData, TLang>>
				: never
	} &
	// Other fields
	{
		[TFieldKey in Extract<TRelationship["fields"][number], string>]:
			TFieldKey extends keyof TData ? TData[TFieldKey] : never;
	};

type ContentRelationshipFieldWithData<
	TCustomType extends readonly (prismic.CustomTypeModelFetchCustomTypeLevel1 | string)[] | readonly (prismic.CustomTypeModelFetchCustomTypeLevel2 | string)[],
	TLang extends string = string
> = {
	[ID in Exclude<TCustomType[number], string>["id"]]:
		prismic.ContentRelationshipField<
			ID,
			TLang,
			PickContentRelationshipFieldData<
				Extract<TCustomType[number], { id: ID }>,
				Extract<prismic.Content.AllDocumentTypes, { type: ID }>["data"],
				TLang
			>
		>
}[Exclude<TCustomType[number], string>["id"]];

type ArticleDocumentDataSlicesSlice = HeroSlice | TextBlockSlice | ImageWithTextSlice | ImageGallerySlice | FeatureGridSlice | TestimonialSlice | ProductCardsSlice | FaqSlice | CtaBandSlice | VideoEmbedSlice | StepsSlice | SampleSwatchesSlice | ProjectFactsSlice | ReviewsSlice | PrivacyPolicySlice | RequestFormSlice | KlaviyoFormSlice

/**
 * Content for Article documents
 */
interface ArticleDocumentData {
	/**
	 * Title field in *Article*
	 *
	 * - **Field Type**: Text
	 * - **Placeholder**: *None*
	 * - **API ID Path**: article.title
	 * - **Tab**: Main
	 * - **Documentation**: https://prismic.io/docs/fields/text
	 */
	title: prismic.KeyTextField;
	
	/**
	 * Excerpt field in *Article*
	 *
	 * - **Field Type**: Text
	 * - **Placeholder**: *None*
	 * - **API ID Path**: article.excerpt
	 * - **Tab**: Main
	 * - **Documentation**: https://prismic.io/docs/fields/text
	 */
	excerpt: prismic.KeyTextField;
	
	/**
	 * Author field in *Article*
	 *
	 * - **Field Type**: Text
	 * - **Placeholder**: *None*
	 * - **API ID Path**: article.author
	 * - **Tab**: Main
	 * - **Documentation**: https://prismic.io/docs/fields/text
	 */
	author: prismic.KeyTextField;
	
	/**
	 * Publication date field in *Article*
	 *
	 * - **Field Type**: Date
	 * - **Placeholder**: *None*
	 * - **API ID Path**: article.publication_date
	 * - **Tab**: Main
	 * - **Documentation**: https://prismic.io/docs/fields/date
	 */
	publication_date: prismic.DateField;
	
	/**
	 * Category field in *Article*
	 *
	 * - **Field Type**: Text
	 * - **Placeholder**: A taxonomy name, e.g. design, materials, planning, care
	 * - **API ID Path**: article.category
	 * - **Tab**: Main
	 * - **Documentation**: https://prismic.io/docs/fields/text
	 */
	category: prismic.KeyTextField;
	
	/**
	 * Cover field in *Article*
	 *
	 * - **Field Type**: Image
	 * - **Placeholder**: *None*
	 * - **API ID Path**: article.cover
	 * - **Tab**: Main
	 * - **Documentation**: https://prismic.io/docs/fields/image
	 */
	cover: prismic.ImageField<never>;
	
	/**
	 * Body field in *Article*
	 *
	 * - **Field Type**: Rich Text
	 * - **Placeholder**: *None*
	 * - **API ID Path**: article.body
	 * - **Tab**: Main
	 * - **Documentation**: https://prismic.io/docs/fields/rich-text
	 */
	body: prismic.RichTextField;
	
	/**
	 * Slice Zone field in *Article*
	 *
	 * - **Field Type**: Slice Zone
	 * - **Placeholder**: *None*
	 * - **API ID Path**: article.slices[]
	 * - **Tab**: Main
	 * - **Documentation**: https://prismic.io/docs/slices
	 */
	slices: prismic.SliceZone<ArticleDocumentDataSlicesSlice>;/**
	 * Meta Title field in *Article*
	 *
	 * - **Field Type**: Text
	 * - **Placeholder**: A title of the page used for social media and search engines
	 * - **API ID Path**: article.meta_title
	 * - **Tab**: SEO & Metadata
	 * - **Documentation**: https://prismic.io/docs/fields/text
	 */
	meta_title: prismic.KeyTextField;
	
	/**
	 * Meta Description field in *Article*
	 *
	 * - **Field Type**: Text
	 * - **Placeholder**: A brief summary of the page
	 * - **API ID Path**: article.meta_description
	 * - **Tab**: SEO & Metadata
	 * - **Documentation**: https://prismic.io/docs/fields/text
	 */
	meta_description: prismic.KeyTextField;
	
	/**
	 * Meta Image field in *Article*
	 *
	 * - **Field Type**: Image
	 * - **Placeholder**: *None*
	 * - **API ID Path**: article.meta_image
	 * - **Tab**: SEO & Metadata
	 * - **Documentation**: https://prismic.io/docs/fields/image
	 */
	meta_image: prismic.ImageField<never>;
}

/**
 * Article document from Prismic
 *
 * - **API ID**: `article`
 * - **Repeatable**: `true`
 * - **Documentation**: https://prismic.io/docs/content-modeling
 *
 * @typeParam Lang - Language API ID of the document.
 */
export type ArticleDocument<Lang extends string = string> = prismic.PrismicDocumentWithUID<Simplify<ArticleDocumentData>, "article", Lang>;

/**
 * Item in *Gallery project → Photos*
 */
export interface GalleryProjectDocumentDataPhotosItem {
	/**
	 * Image field in *Gallery project → Photos*
	 *
	 * - **Field Type**: Image
	 * - **Placeholder**: *None*
	 * - **API ID Path**: gallery_project.photos[].image
	 * - **Documentation**: https://prismic.io/docs/fields/image
	 */
	image: prismic.ImageField<never>;
	
	/**
	 * Caption field in *Gallery project → Photos*
	 *
	 * - **Field Type**: Text
	 * - **Placeholder**: *None*
	 * - **API ID Path**: gallery_project.photos[].caption
	 * - **Documentation**: https://prismic.io/docs/fields/text
	 */
	caption: prismic.KeyTextField;
}

type GalleryProjectDocumentDataSlicesSlice = HeroSlice | TextBlockSlice | ImageWithTextSlice | ImageGallerySlice | FeatureGridSlice | TestimonialSlice | ProductCardsSlice | FaqSlice | CtaBandSlice | VideoEmbedSlice | StepsSlice | SampleSwatchesSlice | ProjectFactsSlice | ReviewsSlice | PrivacyPolicySlice | RequestFormSlice | KlaviyoFormSlice

/**
 * Content for Gallery project documents
 */
interface GalleryProjectDocumentData {
	/**
	 * Title field in *Gallery project*
	 *
	 * - **Field Type**: Text
	 * - **Placeholder**: *None*
	 * - **API ID Path**: gallery_project.title
	 * - **Tab**: Main
	 * - **Documentation**: https://prismic.io/docs/fields/text
	 */
	title: prismic.KeyTextField;
	
	/**
	 * Summary field in *Gallery project*
	 *
	 * - **Field Type**: Text
	 * - **Placeholder**: *None*
	 * - **API ID Path**: gallery_project.summary
	 * - **Tab**: Main
	 * - **Documentation**: https://prismic.io/docs/fields/text
	 */
	summary: prismic.KeyTextField;
	
	/**
	 * Location field in *Gallery project*
	 *
	 * - **Field Type**: Text
	 * - **Placeholder**: *None*
	 * - **API ID Path**: gallery_project.location
	 * - **Tab**: Main
	 * - **Documentation**: https://prismic.io/docs/fields/text
	 */
	location: prismic.KeyTextField;
	
	/**
	 * Year field in *Gallery project*
	 *
	 * - **Field Type**: Number
	 * - **Placeholder**: *None*
	 * - **API ID Path**: gallery_project.year
	 * - **Tab**: Main
	 * - **Documentation**: https://prismic.io/docs/fields/number
	 */
	year: prismic.NumberField;
	
	/**
	 * Style field in *Gallery project*
	 *
	 * - **Field Type**: Text
	 * - **Placeholder**: e.g. Shaker, Handleless
	 * - **API ID Path**: gallery_project.style
	 * - **Tab**: Main
	 * - **Documentation**: https://prismic.io/docs/fields/text
	 */
	style: prismic.KeyTextField;
	
	/**
	 * Materials field in *Gallery project*
	 *
	 * - **Field Type**: Text
	 * - **Placeholder**: *None*
	 * - **API ID Path**: gallery_project.materials
	 * - **Tab**: Main
	 * - **Documentation**: https://prismic.io/docs/fields/text
	 */
	materials: prismic.KeyTextField;
	
	/**
	 * Cover field in *Gallery project*
	 *
	 * - **Field Type**: Image
	 * - **Placeholder**: *None*
	 * - **API ID Path**: gallery_project.cover
	 * - **Tab**: Main
	 * - **Documentation**: https://prismic.io/docs/fields/image
	 */
	cover: prismic.ImageField<never>;
	
	/**
	 * Photos field in *Gallery project*
	 *
	 * - **Field Type**: Group
	 * - **Placeholder**: *None*
	 * - **API ID Path**: gallery_project.photos[]
	 * - **Tab**: Main
	 * - **Documentation**: https://prismic.io/docs/fields/repeatable-group
	 */
	photos: prismic.GroupField<Simplify<GalleryProjectDocumentDataPhotosItem>>;
	
	/**
	 * Slice Zone field in *Gallery project*
	 *
	 * - **Field Type**: Slice Zone
	 * - **Placeholder**: *None*
	 * - **API ID Path**: gallery_project.slices[]
	 * - **Tab**: Main
	 * - **Documentation**: https://prismic.io/docs/slices
	 */
	slices: prismic.SliceZone<GalleryProjectDocumentDataSlicesSlice>;/**
	 * Meta Title field in *Gallery project*
	 *
	 * - **Field Type**: Text
	 * - **Placeholder**: A title of the page used for social media and search engines
	 * - **API ID Path**: gallery_project.meta_title
	 * - **Tab**: SEO & Metadata
	 * - **Documentation**: https://prismic.io/docs/fields/text
	 */
	meta_title: prismic.KeyTextField;
	
	/**
	 * Meta Description field in *Gallery project*
	 *
	 * - **Field Type**: Text
	 * - **Placeholder**: A brief summary of the page
	 * - **API ID Path**: gallery_project.meta_description
	 * - **Tab**: SEO & Metadata
	 * - **Documentation**: https://prismic.io/docs/fields/text
	 */
	meta_description: prismic.KeyTextField;
	
	/**
	 * Meta Image field in *Gallery project*
	 *
	 * - **Field Type**: Image
	 * - **Placeholder**: *None*
	 * - **API ID Path**: gallery_project.meta_image
	 * - **Tab**: SEO & Metadata
	 * - **Documentation**: https://prismic.io/docs/fields/image
	 */
	meta_image: prismic.ImageField<never>;
}

/**
 * Gallery project document from Prismic
 *
 * - **API ID**: `gallery_project`
 * - **Repeatable**: `true`
 * - **Documentation**: https://prismic.io/docs/content-modeling
 *
 * @typeParam Lang - Language API ID of the document.
 */
export type GalleryProjectDocument<Lang extends string = string> = prismic.PrismicDocumentWithUID<Simplify<GalleryProjectDocumentData>, "gallery_project", Lang>;

type HomeDocumentDataSlicesSlice = HeroSlice | TextBlockSlice | ImageWithTextSlice | ImageGallerySlice | FeatureGridSlice | TestimonialSlice | ProductCardsSlice | FaqSlice | CtaBandSlice | VideoEmbedSlice | StepsSlice | SampleSwatchesSlice | ProjectFactsSlice | ReviewsSlice | PrivacyPolicySlice | RequestFormSlice | KlaviyoFormSlice

/**
 * Content for Home documents
 */
interface HomeDocumentData {
	/**
	 * Title field in *Home*
	 *
	 * - **Field Type**: Text
	 * - **Placeholder**: *None*
	 * - **API ID Path**: home.title
	 * - **Tab**: Main
	 * - **Documentation**: https://prismic.io/docs/fields/text
	 */
	title: prismic.KeyTextField;
	
	/**
	 * Slice Zone field in *Home*
	 *
	 * - **Field Type**: Slice Zone
	 * - **Placeholder**: *None*
	 * - **API ID Path**: home.slices[]
	 * - **Tab**: Main
	 * - **Documentation**: https://prismic.io/docs/slices
	 */
	slices: prismic.SliceZone<HomeDocumentDataSlicesSlice>;/**
	 * Meta Title field in *Home*
	 *
	 * - **Field Type**: Text
	 * - **Placeholder**: A title of the page used for social media and search engines
	 * - **API ID Path**: home.meta_title
	 * - **Tab**: SEO & Metadata
	 * - **Documentation**: https://prismic.io/docs/fields/text
	 */
	meta_title: prismic.KeyTextField;
	
	/**
	 * Meta Description field in *Home*
	 *
	 * - **Field Type**: Text
	 * - **Placeholder**: A brief summary of the page
	 * - **API ID Path**: home.meta_description
	 * - **Tab**: SEO & Metadata
	 * - **Documentation**: https://prismic.io/docs/fields/text
	 */
	meta_description: prismic.KeyTextField;
	
	/**
	 * Meta Image field in *Home*
	 *
	 * - **Field Type**: Image
	 * - **Placeholder**: *None*
	 * - **API ID Path**: home.meta_image
	 * - **Tab**: SEO & Metadata
	 * - **Documentation**: https://prismic.io/docs/fields/image
	 */
	meta_image: prismic.ImageField<never>;
}

/**
 * Home document from Prismic
 *
 * - **API ID**: `home`
 * - **Repeatable**: `false`
 * - **Documentation**: https://prismic.io/docs/content-modeling
 *
 * @typeParam Lang - Language API ID of the document.
 */
export type HomeDocument<Lang extends string = string> = prismic.PrismicDocumentWithoutUID<Simplify<HomeDocumentData>, "home", Lang>;

/**
 * Primary content in *Navigation → Slice Zone → Navigation group → Primary*
 */
export interface NavigationDocumentDataBodyNavGroupSlicePrimary {
	/**
	 * Title field in *Navigation → Slice Zone → Navigation group → Primary*
	 *
	 * - **Field Type**: Rich Text
	 * - **Placeholder**: *None*
	 * - **API ID Path**: navigation.body[].nav_group.primary.title
	 * - **Documentation**: https://prismic.io/docs/fields/rich-text
	 */
	title: prismic.RichTextField;
	
	/**
	 * Title language field in *Navigation → Slice Zone → Navigation group → Primary*
	 *
	 * - **Field Type**: Select
	 * - **Placeholder**: Same as the page
	 * - **API ID Path**: navigation.body[].nav_group.primary.title_lang
	 * - **Documentation**: https://prismic.io/docs/fields/select
	 */
	title_lang: prismic.SelectField<"fr" | "it" | "de">;
}

/**
 * Item content in *Navigation → Slice Zone → Navigation group → Items*
 */
export interface NavigationDocumentDataBodyNavGroupSliceItem {
	/**
	 * Link field in *Navigation → Slice Zone → Navigation group → Items*
	 *
	 * - **Field Type**: Link
	 * - **Placeholder**: *None*
	 * - **API ID Path**: navigation.body[].nav_group.items.link
	 * - **Documentation**: https://prismic.io/docs/fields/link
	 */
	link: prismic.LinkField<string, string, unknown, prismic.FieldState, never>;
	
	/**
	 * Label field in *Navigation → Slice Zone → Navigation group → Items*
	 *
	 * - **Field Type**: Text
	 * - **Placeholder**: *None*
	 * - **API ID Path**: navigation.body[].nav_group.items.label
	 * - **Documentation**: https://prismic.io/docs/fields/text
	 */
	label: prismic.KeyTextField;
}

/**
 * Slice for *Navigation → Slice Zone*
 */
export type NavigationDocumentDataBodyNavGroupSlice = prismic.Slice<"nav_group", Simplify<NavigationDocumentDataBodyNavGroupSlicePrimary>, Simplify<NavigationDocumentDataBodyNavGroupSliceItem>>

type NavigationDocumentDataBodySlice = NavigationDocumentDataBodyNavGroupSlice

/**
 * Content for Navigation documents
 */
interface NavigationDocumentData {
	/**
	 * Klaviyo footer form id field in *Navigation*
	 *
	 * - **Field Type**: Text
	 * - **Placeholder**: Footer only: id of the sign-up form
	 * - **API ID Path**: navigation.klaviyo_footer_form_id
	 * - **Tab**: Main
	 * - **Documentation**: https://prismic.io/docs/fields/text
	 */
	klaviyo_footer_form_id: prismic.KeyTextField;
	
	/**
	 * Slice Zone field in *Navigation*
	 *
	 * - **Field Type**: Slice Zone
	 * - **Placeholder**: *None*
	 * - **API ID Path**: navigation.body[]
	 * - **Tab**: Main
	 * - **Documentation**: https://prismic.io/docs/slices
	 */
	body: prismic.SliceZone<NavigationDocumentDataBodySlice>;
}

/**
 * Navigation document from Prismic
 *
 * - **API ID**: `navigation`
 * - **Repeatable**: `true`
 * - **Documentation**: https://prismic.io/docs/content-modeling
 *
 * @typeParam Lang - Language API ID of the document.
 */
export type NavigationDocument<Lang extends string = string> = prismic.PrismicDocumentWithUID<Simplify<NavigationDocumentData>, "navigation", Lang>;

type PageDocumentDataSlicesSlice = HeroSlice | TextBlockSlice | ImageWithTextSlice | ImageGallerySlice | FeatureGridSlice | TestimonialSlice | ProductCardsSlice | FaqSlice | CtaBandSlice | VideoEmbedSlice | StepsSlice | SampleSwatchesSlice | ProjectFactsSlice | ReviewsSlice | PrivacyPolicySlice | RequestFormSlice | KlaviyoFormSlice

/**
 * Content for Page documents
 */
interface PageDocumentData {
	/**
	 * Title field in *Page*
	 *
	 * - **Field Type**: Text
	 * - **Placeholder**: *None*
	 * - **API ID Path**: page.title
	 * - **Tab**: Main
	 * - **Documentation**: https://prismic.io/docs/fields/text
	 */
	title: prismic.KeyTextField;
	
	/**
	 * Carries the email-marketing embed field in *Page*
	 *
	 * - **Field Type**: Boolean
	 * - **Placeholder**: *None*
	 * - **Default Value**: false
	 * - **API ID Path**: page.klaviyo_embed
	 * - **Tab**: Main
	 * - **Documentation**: https://prismic.io/docs/fields/boolean
	 */
	klaviyo_embed: prismic.BooleanField;
	
	/**
	 * Slice Zone field in *Page*
	 *
	 * - **Field Type**: Slice Zone
	 * - **Placeholder**: *None*
	 * - **API ID Path**: page.slices[]
	 * - **Tab**: Main
	 * - **Documentation**: https://prismic.io/docs/slices
	 */
	slices: prismic.SliceZone<PageDocumentDataSlicesSlice>;/**
	 * Meta Title field in *Page*
	 *
	 * - **Field Type**: Text
	 * - **Placeholder**: A title of the page used for social media and search engines
	 * - **API ID Path**: page.meta_title
	 * - **Tab**: SEO & Metadata
	 * - **Documentation**: https://prismic.io/docs/fields/text
	 */
	meta_title: prismic.KeyTextField;
	
	/**
	 * Meta Description field in *Page*
	 *
	 * - **Field Type**: Text
	 * - **Placeholder**: A brief summary of the page
	 * - **API ID Path**: page.meta_description
	 * - **Tab**: SEO & Metadata
	 * - **Documentation**: https://prismic.io/docs/fields/text
	 */
	meta_description: prismic.KeyTextField;
	
	/**
	 * Meta Image field in *Page*
	 *
	 * - **Field Type**: Image
	 * - **Placeholder**: *None*
	 * - **API ID Path**: page.meta_image
	 * - **Tab**: SEO & Metadata
	 * - **Documentation**: https://prismic.io/docs/fields/image
	 */
	meta_image: prismic.ImageField<never>;
}

/**
 * Page document from Prismic
 *
 * - **API ID**: `page`
 * - **Repeatable**: `true`
 * - **Documentation**: https://prismic.io/docs/content-modeling
 *
 * @typeParam Lang - Language API ID of the document.
 */
export type PageDocument<Lang extends string = string> = prismic.PrismicDocumentWithUID<Simplify<PageDocumentData>, "page", Lang>;

/**
 * Item in *Sample page → Swatches*
 */
export interface SamplePageDocumentDataSwatchesItem {
	/**
	 * Name field in *Sample page → Swatches*
	 *
	 * - **Field Type**: Text
	 * - **Placeholder**: *None*
	 * - **API ID Path**: sample_page.swatches[].name
	 * - **Documentation**: https://prismic.io/docs/fields/text
	 */
	name: prismic.KeyTextField;
	
	/**
	 * Material field in *Sample page → Swatches*
	 *
	 * - **Field Type**: Text
	 * - **Placeholder**: *None*
	 * - **API ID Path**: sample_page.swatches[].material
	 * - **Documentation**: https://prismic.io/docs/fields/text
	 */
	material: prismic.KeyTextField;
	
	/**
	 * Finish field in *Sample page → Swatches*
	 *
	 * - **Field Type**: Text
	 * - **Placeholder**: *None*
	 * - **API ID Path**: sample_page.swatches[].finish
	 * - **Documentation**: https://prismic.io/docs/fields/text
	 */
	finish: prismic.KeyTextField;
	
	/**
	 * Colour field in *Sample page → Swatches*
	 *
	 * - **Field Type**: Text
	 * - **Placeholder**: A CSS hex colour, e.g. #8F9E86
	 * - **API ID Path**: sample_page.swatches[].colour
	 * - **Documentation**: https://prismic.io/docs/fields/text
	 */
	colour: prismic.KeyTextField;
	
	/**
	 * Image field in *Sample page → Swatches*
	 *
	 * - **Field Type**: Image
	 * - **Placeholder**: *None*
	 * - **API ID Path**: sample_page.swatches[].image
	 * - **Documentation**: https://prismic.io/docs/fields/image
	 */
	image: prismic.ImageField<never>;
}

type SamplePageDocumentDataSlicesSlice = HeroSlice | TextBlockSlice | ImageWithTextSlice | ImageGallerySlice | FeatureGridSlice | TestimonialSlice | ProductCardsSlice | FaqSlice | CtaBandSlice | VideoEmbedSlice | StepsSlice | SampleSwatchesSlice | ProjectFactsSlice | ReviewsSlice | PrivacyPolicySlice | RequestFormSlice | KlaviyoFormSlice

/**
 * Content for Sample page documents
 */
interface SamplePageDocumentData {
	/**
	 * Title field in *Sample page*
	 *
	 * - **Field Type**: Text
	 * - **Placeholder**: *None*
	 * - **API ID Path**: sample_page.title
	 * - **Tab**: Main
	 * - **Documentation**: https://prismic.io/docs/fields/text
	 */
	title: prismic.KeyTextField;
	
	/**
	 * Intro field in *Sample page*
	 *
	 * - **Field Type**: Rich Text
	 * - **Placeholder**: *None*
	 * - **API ID Path**: sample_page.intro
	 * - **Tab**: Main
	 * - **Documentation**: https://prismic.io/docs/fields/rich-text
	 */
	intro: prismic.RichTextField;
	
	/**
	 * Swatches field in *Sample page*
	 *
	 * - **Field Type**: Group
	 * - **Placeholder**: *None*
	 * - **API ID Path**: sample_page.swatches[]
	 * - **Tab**: Main
	 * - **Documentation**: https://prismic.io/docs/fields/repeatable-group
	 */
	swatches: prismic.GroupField<Simplify<SamplePageDocumentDataSwatchesItem>>;
	
	/**
	 * Slice Zone field in *Sample page*
	 *
	 * - **Field Type**: Slice Zone
	 * - **Placeholder**: *None*
	 * - **API ID Path**: sample_page.slices[]
	 * - **Tab**: Main
	 * - **Documentation**: https://prismic.io/docs/slices
	 */
	slices: prismic.SliceZone<SamplePageDocumentDataSlicesSlice>;/**
	 * Meta Title field in *Sample page*
	 *
	 * - **Field Type**: Text
	 * - **Placeholder**: A title of the page used for social media and search engines
	 * - **API ID Path**: sample_page.meta_title
	 * - **Tab**: SEO & Metadata
	 * - **Documentation**: https://prismic.io/docs/fields/text
	 */
	meta_title: prismic.KeyTextField;
	
	/**
	 * Meta Description field in *Sample page*
	 *
	 * - **Field Type**: Text
	 * - **Placeholder**: A brief summary of the page
	 * - **API ID Path**: sample_page.meta_description
	 * - **Tab**: SEO & Metadata
	 * - **Documentation**: https://prismic.io/docs/fields/text
	 */
	meta_description: prismic.KeyTextField;
	
	/**
	 * Meta Image field in *Sample page*
	 *
	 * - **Field Type**: Image
	 * - **Placeholder**: *None*
	 * - **API ID Path**: sample_page.meta_image
	 * - **Tab**: SEO & Metadata
	 * - **Documentation**: https://prismic.io/docs/fields/image
	 */
	meta_image: prismic.ImageField<never>;
}

/**
 * Sample page document from Prismic
 *
 * - **API ID**: `sample_page`
 * - **Repeatable**: `false`
 * - **Documentation**: https://prismic.io/docs/content-modeling
 *
 * @typeParam Lang - Language API ID of the document.
 */
export type SamplePageDocument<Lang extends string = string> = prismic.PrismicDocumentWithoutUID<Simplify<SamplePageDocumentData>, "sample_page", Lang>;

/**
 * Item in *Taxonomy → Item*
 */
export interface TaxonomyDocumentDataItemItem {
	/**
	 * Name field in *Taxonomy → Item*
	 *
	 * - **Field Type**: Text
	 * - **Placeholder**: Stable key, e.g. materials
	 * - **API ID Path**: taxonomy.item[].name
	 * - **Documentation**: https://prismic.io/docs/fields/text
	 */
	name: prismic.KeyTextField;
	
	/**
	 * Value field in *Taxonomy → Item*
	 *
	 * - **Field Type**: Text
	 * - **Placeholder**: Display text
	 * - **API ID Path**: taxonomy.item[].value
	 * - **Documentation**: https://prismic.io/docs/fields/text
	 */
	value: prismic.KeyTextField;
}

/**
 * Content for Taxonomy documents
 */
interface TaxonomyDocumentData {
	/**
	 * Item field in *Taxonomy*
	 *
	 * - **Field Type**: Group
	 * - **Placeholder**: *None*
	 * - **API ID Path**: taxonomy.item[]
	 * - **Tab**: Main
	 * - **Documentation**: https://prismic.io/docs/fields/repeatable-group
	 */
	item: prismic.GroupField<Simplify<TaxonomyDocumentDataItemItem>>;
}

/**
 * Taxonomy document from Prismic
 *
 * - **API ID**: `taxonomy`
 * - **Repeatable**: `false`
 * - **Documentation**: https://prismic.io/docs/content-modeling
 *
 * @typeParam Lang - Language API ID of the document.
 */
export type TaxonomyDocument<Lang extends string = string> = prismic.PrismicDocumentWithoutUID<Simplify<TaxonomyDocumentData>, "taxonomy", Lang>;

export type AllDocumentTypes = ArticleDocument | GalleryProjectDocument | HomeDocument | NavigationDocument | PageDocument | SamplePageDocument | TaxonomyDocument;

/**
 * Primary content in *CtaBand → Navy → Primary*
 */
export interface CtaBandSliceNavyPrimary {
	/**
	 * Heading field in *CtaBand → Navy → Primary*
	 *
	 * - **Field Type**: Text
	 * - **Placeholder**: Book a design consultation
	 * - **API ID Path**: cta_band.navy.primary.heading
	 * - **Documentation**: https://prismic.io/docs/fields/text
	 */
	heading: prismic.KeyTextField;
	
	/**
	 * Text field in *CtaBand → Navy → Primary*
	 *
	 * - **Field Type**: Rich Text
	 * - **Placeholder**: *None*
	 * - **API ID Path**: cta_band.navy.primary.text
	 * - **Documentation**: https://prismic.io/docs/fields/rich-text
	 */
	text: prismic.RichTextField;
	
	/**
	 * CTA label field in *CtaBand → Navy → Primary*
	 *
	 * - **Field Type**: Text
	 * - **Placeholder**: Book a visit
	 * - **API ID Path**: cta_band.navy.primary.cta_label
	 * - **Documentation**: https://prismic.io/docs/fields/text
	 */
	cta_label: prismic.KeyTextField;
	
	/**
	 * CTA link field in *CtaBand → Navy → Primary*
	 *
	 * - **Field Type**: Link
	 * - **Placeholder**: *None*
	 * - **API ID Path**: cta_band.navy.primary.cta_link
	 * - **Documentation**: https://prismic.io/docs/fields/link
	 */
	cta_link: prismic.LinkField<string, string, unknown, prismic.FieldState, never>;
	
	/**
	 * Secondary label field in *CtaBand → Navy → Primary*
	 *
	 * - **Field Type**: Text
	 * - **Placeholder**: Order samples
	 * - **API ID Path**: cta_band.navy.primary.secondary_label
	 * - **Documentation**: https://prismic.io/docs/fields/text
	 */
	secondary_label: prismic.KeyTextField;
	
	/**
	 * Secondary link field in *CtaBand → Navy → Primary*
	 *
	 * - **Field Type**: Link
	 * - **Placeholder**: *None*
	 * - **API ID Path**: cta_band.navy.primary.secondary_link
	 * - **Documentation**: https://prismic.io/docs/fields/link
	 */
	secondary_link: prismic.LinkField<string, string, unknown, prismic.FieldState, never>;
}

/**
 * Navy variation for CtaBand Slice
 *
 * - **API ID**: `navy`
 * - **Description**: Navy band, white text, pink button.
 * - **Documentation**: https://prismic.io/docs/slices
 */
export type CtaBandSliceNavy = prismic.SharedSliceVariation<"navy", Simplify<CtaBandSliceNavyPrimary>, never>;

/**
 * Primary content in *CtaBand → Pink → Primary*
 */
export interface CtaBandSlicePinkPrimary {
	/**
	 * Heading field in *CtaBand → Pink → Primary*
	 *
	 * - **Field Type**: Text
	 * - **Placeholder**: Book a design consultation
	 * - **API ID Path**: cta_band.pink.primary.heading
	 * - **Documentation**: https://prismic.io/docs/fields/text
	 */
	heading: prismic.KeyTextField;
	
	/**
	 * Text field in *CtaBand → Pink → Primary*
	 *
	 * - **Field Type**: Rich Text
	 * - **Placeholder**: *None*
	 * - **API ID Path**: cta_band.pink.primary.text
	 * - **Documentation**: https://prismic.io/docs/fields/rich-text
	 */
	text: prismic.RichTextField;
	
	/**
	 * CTA label field in *CtaBand → Pink → Primary*
	 *
	 * - **Field Type**: Text
	 * - **Placeholder**: Book a visit
	 * - **API ID Path**: cta_band.pink.primary.cta_label
	 * - **Documentation**: https://prismic.io/docs/fields/text
	 */
	cta_label: prismic.KeyTextField;
	
	/**
	 * CTA link field in *CtaBand → Pink → Primary*
	 *
	 * - **Field Type**: Link
	 * - **Placeholder**: *None*
	 * - **API ID Path**: cta_band.pink.primary.cta_link
	 * - **Documentation**: https://prismic.io/docs/fields/link
	 */
	cta_link: prismic.LinkField<string, string, unknown, prismic.FieldState, never>;
	
	/**
	 * Secondary label field in *CtaBand → Pink → Primary*
	 *
	 * - **Field Type**: Text
	 * - **Placeholder**: Order samples
	 * - **API ID Path**: cta_band.pink.primary.secondary_label
	 * - **Documentation**: https://prismic.io/docs/fields/text
	 */
	secondary_label: prismic.KeyTextField;
	
	/**
	 * Secondary link field in *CtaBand → Pink → Primary*
	 *
	 * - **Field Type**: Link
	 * - **Placeholder**: *None*
	 * - **API ID Path**: cta_band.pink.primary.secondary_link
	 * - **Documentation**: https://prismic.io/docs/fields/link
	 */
	secondary_link: prismic.LinkField<string, string, unknown, prismic.FieldState, never>;
}

/**
 * Pink variation for CtaBand Slice
 *
 * - **API ID**: `pink`
 * - **Description**: Pink band, navy text, navy button.
 * - **Documentation**: https://prismic.io/docs/slices
 */
export type CtaBandSlicePink = prismic.SharedSliceVariation<"pink", Simplify<CtaBandSlicePinkPrimary>, never>;

/**
 * Slice variation for *CtaBand*
 */
type CtaBandSliceVariation = CtaBandSliceNavy | CtaBandSlicePink

/**
 * CtaBand Shared Slice
 *
 * - **API ID**: `cta_band`
 * - **Description**: A full-width call to action with a primary and an optional secondary link.
 * - **Documentation**: https://prismic.io/docs/slices
 */
export type CtaBandSlice = prismic.SharedSlice<"cta_band", CtaBandSliceVariation>;

/**
 * Primary content in *Faq → Default → Primary*
 */
export interface FaqSliceDefaultPrimary {
	/**
	 * Heading field in *Faq → Default → Primary*
	 *
	 * - **Field Type**: Text
	 * - **Placeholder**: Your questions, answered
	 * - **API ID Path**: faq.default.primary.heading
	 * - **Documentation**: https://prismic.io/docs/fields/text
	 */
	heading: prismic.KeyTextField;
	
	/**
	 * Intro field in *Faq → Default → Primary*
	 *
	 * - **Field Type**: Rich Text
	 * - **Placeholder**: *None*
	 * - **API ID Path**: faq.default.primary.intro
	 * - **Documentation**: https://prismic.io/docs/fields/rich-text
	 */
	intro: prismic.RichTextField;
}

/**
 * Primary content in *Faq → Items*
 */
export interface FaqSliceDefaultItem {
	/**
	 * Question field in *Faq → Items*
	 *
	 * - **Field Type**: Text
	 * - **Placeholder**: How long does a made-to-measure kitchen take?
	 * - **API ID Path**: faq.items[].question
	 * - **Documentation**: https://prismic.io/docs/fields/text
	 */
	question: prismic.KeyTextField;
	
	/**
	 * Answer field in *Faq → Items*
	 *
	 * - **Field Type**: Rich Text
	 * - **Placeholder**: *None*
	 * - **API ID Path**: faq.items[].answer
	 * - **Documentation**: https://prismic.io/docs/fields/rich-text
	 */
	answer: prismic.RichTextField;
}

/**
 * Default variation for Faq Slice
 *
 * - **API ID**: `default`
 * - **Description**: Heading, intro and a list of questions, each opening to its answer.
 * - **Documentation**: https://prismic.io/docs/slices
 */
export type FaqSliceDefault = prismic.SharedSliceVariation<"default", Simplify<FaqSliceDefaultPrimary>, Simplify<FaqSliceDefaultItem>>;

/**
 * Slice variation for *Faq*
 */
type FaqSliceVariation = FaqSliceDefault

/**
 * Faq Shared Slice
 *
 * - **API ID**: `faq`
 * - **Description**: Questions and answers as keyboard-operable disclosures.
 * - **Documentation**: https://prismic.io/docs/slices
 */
export type FaqSlice = prismic.SharedSlice<"faq", FaqSliceVariation>;

/**
 * Primary content in *FeatureGrid → Default → Primary*
 */
export interface FeatureGridSliceDefaultPrimary {
	/**
	 * Heading field in *FeatureGrid → Default → Primary*
	 *
	 * - **Field Type**: Text
	 * - **Placeholder**: *None*
	 * - **API ID Path**: feature_grid.default.primary.heading
	 * - **Documentation**: https://prismic.io/docs/fields/text
	 */
	heading: prismic.KeyTextField;
	
	/**
	 * Intro field in *FeatureGrid → Default → Primary*
	 *
	 * - **Field Type**: Rich Text
	 * - **Placeholder**: *None*
	 * - **API ID Path**: feature_grid.default.primary.intro
	 * - **Documentation**: https://prismic.io/docs/fields/rich-text
	 */
	intro: prismic.RichTextField;
}

/**
 * Primary content in *FeatureGrid → Items*
 */
export interface FeatureGridSliceDefaultItem {
	/**
	 * Icon field in *FeatureGrid → Items*
	 *
	 * - **Field Type**: Select
	 * - **Placeholder**: *None*
	 * - **Default Value**: ruler
	 * - **API ID Path**: feature_grid.items[].icon
	 * - **Documentation**: https://prismic.io/docs/fields/select
	 */
	icon: prismic.SelectField<"ruler" | "dovetail" | "leaf" | "clock" | "pound" | "truck", "filled">;
	
	/**
	 * Title field in *FeatureGrid → Items*
	 *
	 * - **Field Type**: Text
	 * - **Placeholder**: *None*
	 * - **API ID Path**: feature_grid.items[].title
	 * - **Documentation**: https://prismic.io/docs/fields/text
	 */
	title: prismic.KeyTextField;
	
	/**
	 * Text field in *FeatureGrid → Items*
	 *
	 * - **Field Type**: Rich Text
	 * - **Placeholder**: *None*
	 * - **API ID Path**: feature_grid.items[].text
	 * - **Documentation**: https://prismic.io/docs/fields/rich-text
	 */
	text: prismic.RichTextField;
}

/**
 * Default variation for FeatureGrid Slice
 *
 * - **API ID**: `default`
 * - **Description**: Heading, intro and a grid of features.
 * - **Documentation**: https://prismic.io/docs/slices
 */
export type FeatureGridSliceDefault = prismic.SharedSliceVariation<"default", Simplify<FeatureGridSliceDefaultPrimary>, Simplify<FeatureGridSliceDefaultItem>>;

/**
 * Slice variation for *FeatureGrid*
 */
type FeatureGridSliceVariation = FeatureGridSliceDefault

/**
 * FeatureGrid Shared Slice
 *
 * - **API ID**: `feature_grid`
 * - **Description**: Reasons to choose us: an icon, a title and a line of text each; 1 to 4 columns by breakpoint.
 * - **Documentation**: https://prismic.io/docs/slices
 */
export type FeatureGridSlice = prismic.SharedSlice<"feature_grid", FeatureGridSliceVariation>;

/**
 * Primary content in *Hero → Default → Primary*
 */
export interface HeroSliceDefaultPrimary {
	/**
	 * Eyebrow field in *Hero → Default → Primary*
	 *
	 * - **Field Type**: Text
	 * - **Placeholder**: Made in Somerset
	 * - **API ID Path**: hero.default.primary.eyebrow
	 * - **Documentation**: https://prismic.io/docs/fields/text
	 */
	eyebrow: prismic.KeyTextField;
	
	/**
	 * Eyebrow language field in *Hero → Default → Primary*
	 *
	 * - **Field Type**: Select
	 * - **Placeholder**: Same as the page
	 * - **API ID Path**: hero.default.primary.eyebrow_lang
	 * - **Documentation**: https://prismic.io/docs/fields/select
	 */
	eyebrow_lang: prismic.SelectField<"fr" | "it" | "de">;
	
	/**
	 * Heading field in *Hero → Default → Primary*
	 *
	 * - **Field Type**: Text
	 * - **Placeholder**: The page's main heading
	 * - **API ID Path**: hero.default.primary.heading
	 * - **Documentation**: https://prismic.io/docs/fields/text
	 */
	heading: prismic.KeyTextField;
	
	/**
	 * Subheading field in *Hero → Default → Primary*
	 *
	 * - **Field Type**: Rich Text
	 * - **Placeholder**: *None*
	 * - **API ID Path**: hero.default.primary.subheading
	 * - **Documentation**: https://prismic.io/docs/fields/rich-text
	 */
	subheading: prismic.RichTextField;
	
	/**
	 * Image field in *Hero → Default → Primary*
	 *
	 * - **Field Type**: Image
	 * - **Placeholder**: *None*
	 * - **API ID Path**: hero.default.primary.image
	 * - **Documentation**: https://prismic.io/docs/fields/image
	 */
	image: prismic.ImageField<never>;
	
	/**
	 * CTA label field in *Hero → Default → Primary*
	 *
	 * - **Field Type**: Text
	 * - **Placeholder**: Book a showroom visit
	 * - **API ID Path**: hero.default.primary.cta_label
	 * - **Documentation**: https://prismic.io/docs/fields/text
	 */
	cta_label: prismic.KeyTextField;
	
	/**
	 * CTA link field in *Hero → Default → Primary*
	 *
	 * - **Field Type**: Link
	 * - **Placeholder**: *None*
	 * - **API ID Path**: hero.default.primary.cta_link
	 * - **Documentation**: https://prismic.io/docs/fields/link
	 */
	cta_link: prismic.LinkField<string, string, unknown, prismic.FieldState, never>;
}

/**
 * Default variation for Hero Slice
 *
 * - **API ID**: `default`
 * - **Description**: Image and call to action: copy beside a full-bleed image from the lg breakpoint, stacked below it.
 * - **Documentation**: https://prismic.io/docs/slices
 */
export type HeroSliceDefault = prismic.SharedSliceVariation<"default", Simplify<HeroSliceDefaultPrimary>, never>;

/**
 * Primary content in *Hero → With video → Primary*
 */
export interface HeroSliceWithVideoPrimary {
	/**
	 * Eyebrow field in *Hero → With video → Primary*
	 *
	 * - **Field Type**: Text
	 * - **Placeholder**: Made in Somerset
	 * - **API ID Path**: hero.withVideo.primary.eyebrow
	 * - **Documentation**: https://prismic.io/docs/fields/text
	 */
	eyebrow: prismic.KeyTextField;
	
	/**
	 * Eyebrow language field in *Hero → With video → Primary*
	 *
	 * - **Field Type**: Select
	 * - **Placeholder**: Same as the page
	 * - **API ID Path**: hero.withVideo.primary.eyebrow_lang
	 * - **Documentation**: https://prismic.io/docs/fields/select
	 */
	eyebrow_lang: prismic.SelectField<"fr" | "it" | "de">;
	
	/**
	 * Heading field in *Hero → With video → Primary*
	 *
	 * - **Field Type**: Text
	 * - **Placeholder**: The page's main heading
	 * - **API ID Path**: hero.withVideo.primary.heading
	 * - **Documentation**: https://prismic.io/docs/fields/text
	 */
	heading: prismic.KeyTextField;
	
	/**
	 * Subheading field in *Hero → With video → Primary*
	 *
	 * - **Field Type**: Rich Text
	 * - **Placeholder**: *None*
	 * - **API ID Path**: hero.withVideo.primary.subheading
	 * - **Documentation**: https://prismic.io/docs/fields/rich-text
	 */
	subheading: prismic.RichTextField;
	
	/**
	 * Image field in *Hero → With video → Primary*
	 *
	 * - **Field Type**: Image
	 * - **Placeholder**: *None*
	 * - **API ID Path**: hero.withVideo.primary.image
	 * - **Documentation**: https://prismic.io/docs/fields/image
	 */
	image: prismic.ImageField<never>;
	
	/**
	 * CTA label field in *Hero → With video → Primary*
	 *
	 * - **Field Type**: Text
	 * - **Placeholder**: Book a showroom visit
	 * - **API ID Path**: hero.withVideo.primary.cta_label
	 * - **Documentation**: https://prismic.io/docs/fields/text
	 */
	cta_label: prismic.KeyTextField;
	
	/**
	 * CTA link field in *Hero → With video → Primary*
	 *
	 * - **Field Type**: Link
	 * - **Placeholder**: *None*
	 * - **API ID Path**: hero.withVideo.primary.cta_link
	 * - **Documentation**: https://prismic.io/docs/fields/link
	 */
	cta_link: prismic.LinkField<string, string, unknown, prismic.FieldState, never>;
	
	/**
	 * Video field in *Hero → With video → Primary*
	 *
	 * - **Field Type**: Embed
	 * - **Placeholder**: YouTube or Vimeo URL
	 * - **API ID Path**: hero.withVideo.primary.video
	 * - **Documentation**: https://prismic.io/docs/fields/embed
	 */
	video: prismic.EmbedField
	
	/**
	 * Video label field in *Hero → With video → Primary*
	 *
	 * - **Field Type**: Text
	 * - **Placeholder**: Watch the film
	 * - **API ID Path**: hero.withVideo.primary.video_label
	 * - **Documentation**: https://prismic.io/docs/fields/text
	 */
	video_label: prismic.KeyTextField;
}

/**
 * With video variation for Hero Slice
 *
 * - **API ID**: `withVideo`
 * - **Description**: As Default, plus a film: a "Watch the film" control plays the embed through the click-to-load facade.
 * - **Documentation**: https://prismic.io/docs/slices
 */
export type HeroSliceWithVideo = prismic.SharedSliceVariation<"withVideo", Simplify<HeroSliceWithVideoPrimary>, never>;

/**
 * Slice variation for *Hero*
 */
type HeroSliceVariation = HeroSliceDefault | HeroSliceWithVideo

/**
 * Hero Shared Slice
 *
 * - **API ID**: `hero`
 * - **Description**: Opening statement of a page: heading, copy, a call to action and a large image (the page's main image when the hero comes first).
 * - **Documentation**: https://prismic.io/docs/slices
 */
export type HeroSlice = prismic.SharedSlice<"hero", HeroSliceVariation>;

/**
 * Primary content in *ImageGallery → Carousel → Primary*
 */
export interface ImageGallerySliceCarouselPrimary {
	/**
	 * Heading (optional) field in *ImageGallery → Carousel → Primary*
	 *
	 * - **Field Type**: Text
	 * - **Placeholder**: Also names the carousel for screen readers
	 * - **API ID Path**: image_gallery.carousel.primary.heading
	 * - **Documentation**: https://prismic.io/docs/fields/text
	 */
	heading: prismic.KeyTextField;
}

/**
 * Primary content in *ImageGallery → Items*
 */
export interface ImageGallerySliceCarouselItem {
	/**
	 * Image field in *ImageGallery → Items*
	 *
	 * - **Field Type**: Image
	 * - **Placeholder**: *None*
	 * - **API ID Path**: image_gallery.items[].image
	 * - **Documentation**: https://prismic.io/docs/fields/image
	 */
	image: prismic.ImageField<never>;
	
	/**
	 * Caption field in *ImageGallery → Items*
	 *
	 * - **Field Type**: Text
	 * - **Placeholder**: Painted shaker island in Hague Blue
	 * - **API ID Path**: image_gallery.items[].caption
	 * - **Documentation**: https://prismic.io/docs/fields/text
	 */
	caption: prismic.KeyTextField;
}

/**
 * Carousel variation for ImageGallery Slice
 *
 * - **API ID**: `carousel`
 * - **Description**: One row that scrolls and snaps, with previous and next buttons.
 * - **Documentation**: https://prismic.io/docs/slices
 */
export type ImageGallerySliceCarousel = prismic.SharedSliceVariation<"carousel", Simplify<ImageGallerySliceCarouselPrimary>, Simplify<ImageGallerySliceCarouselItem>>;

/**
 * Primary content in *ImageGallery → Grid → Primary*
 */
export interface ImageGallerySliceGridPrimary {
	/**
	 * Heading (optional) field in *ImageGallery → Grid → Primary*
	 *
	 * - **Field Type**: Text
	 * - **Placeholder**: Also names the carousel for screen readers
	 * - **API ID Path**: image_gallery.grid.primary.heading
	 * - **Documentation**: https://prismic.io/docs/fields/text
	 */
	heading: prismic.KeyTextField;
}

/**
 * Primary content in *ImageGallery → Items*
 */
export interface ImageGallerySliceGridItem {
	/**
	 * Image field in *ImageGallery → Items*
	 *
	 * - **Field Type**: Image
	 * - **Placeholder**: *None*
	 * - **API ID Path**: image_gallery.items[].image
	 * - **Documentation**: https://prismic.io/docs/fields/image
	 */
	image: prismic.ImageField<never>;
	
	/**
	 * Caption field in *ImageGallery → Items*
	 *
	 * - **Field Type**: Text
	 * - **Placeholder**: Painted shaker island in Hague Blue
	 * - **API ID Path**: image_gallery.items[].caption
	 * - **Documentation**: https://prismic.io/docs/fields/text
	 */
	caption: prismic.KeyTextField;
}

/**
 * Grid variation for ImageGallery Slice
 *
 * - **API ID**: `grid`
 * - **Description**: All images at once in a masonry-like grid.
 * - **Documentation**: https://prismic.io/docs/slices
 */
export type ImageGallerySliceGrid = prismic.SharedSliceVariation<"grid", Simplify<ImageGallerySliceGridPrimary>, Simplify<ImageGallerySliceGridItem>>;

/**
 * Slice variation for *ImageGallery*
 */
type ImageGallerySliceVariation = ImageGallerySliceCarousel | ImageGallerySliceGrid

/**
 * ImageGallery Shared Slice
 *
 * - **API ID**: `image_gallery`
 * - **Description**: A set of photographs with captions.
 * - **Documentation**: https://prismic.io/docs/slices
 */
export type ImageGallerySlice = prismic.SharedSlice<"image_gallery", ImageGallerySliceVariation>;

/**
 * Primary content in *ImageWithText → Image left → Primary*
 */
export interface ImageWithTextSliceImageLeftPrimary {
	/**
	 * Image field in *ImageWithText → Image left → Primary*
	 *
	 * - **Field Type**: Image
	 * - **Placeholder**: *None*
	 * - **API ID Path**: image_with_text.imageLeft.primary.image
	 * - **Documentation**: https://prismic.io/docs/fields/image
	 */
	image: prismic.ImageField<never>;
	
	/**
	 * Eyebrow field in *ImageWithText → Image left → Primary*
	 *
	 * - **Field Type**: Text
	 * - **Placeholder**: *None*
	 * - **API ID Path**: image_with_text.imageLeft.primary.eyebrow
	 * - **Documentation**: https://prismic.io/docs/fields/text
	 */
	eyebrow: prismic.KeyTextField;
	
	/**
	 * Heading field in *ImageWithText → Image left → Primary*
	 *
	 * - **Field Type**: Text
	 * - **Placeholder**: *None*
	 * - **API ID Path**: image_with_text.imageLeft.primary.heading
	 * - **Documentation**: https://prismic.io/docs/fields/text
	 */
	heading: prismic.KeyTextField;
	
	/**
	 * Content field in *ImageWithText → Image left → Primary*
	 *
	 * - **Field Type**: Rich Text
	 * - **Placeholder**: *None*
	 * - **API ID Path**: image_with_text.imageLeft.primary.content
	 * - **Documentation**: https://prismic.io/docs/fields/rich-text
	 */
	content: prismic.RichTextField;
	
	/**
	 * CTA label field in *ImageWithText → Image left → Primary*
	 *
	 * - **Field Type**: Text
	 * - **Placeholder**: *None*
	 * - **API ID Path**: image_with_text.imageLeft.primary.cta_label
	 * - **Documentation**: https://prismic.io/docs/fields/text
	 */
	cta_label: prismic.KeyTextField;
	
	/**
	 * CTA link field in *ImageWithText → Image left → Primary*
	 *
	 * - **Field Type**: Link
	 * - **Placeholder**: *None*
	 * - **API ID Path**: image_with_text.imageLeft.primary.cta_link
	 * - **Documentation**: https://prismic.io/docs/fields/link
	 */
	cta_link: prismic.LinkField<string, string, unknown, prismic.FieldState, never>;
}

/**
 * Image left variation for ImageWithText Slice
 *
 * - **API ID**: `imageLeft`
 * - **Description**: The image on the left of the copy.
 * - **Documentation**: https://prismic.io/docs/slices
 */
export type ImageWithTextSliceImageLeft = prismic.SharedSliceVariation<"imageLeft", Simplify<ImageWithTextSliceImageLeftPrimary>, never>;

/**
 * Primary content in *ImageWithText → Image right → Primary*
 */
export interface ImageWithTextSliceImageRightPrimary {
	/**
	 * Image field in *ImageWithText → Image right → Primary*
	 *
	 * - **Field Type**: Image
	 * - **Placeholder**: *None*
	 * - **API ID Path**: image_with_text.imageRight.primary.image
	 * - **Documentation**: https://prismic.io/docs/fields/image
	 */
	image: prismic.ImageField<never>;
	
	/**
	 * Eyebrow field in *ImageWithText → Image right → Primary*
	 *
	 * - **Field Type**: Text
	 * - **Placeholder**: *None*
	 * - **API ID Path**: image_with_text.imageRight.primary.eyebrow
	 * - **Documentation**: https://prismic.io/docs/fields/text
	 */
	eyebrow: prismic.KeyTextField;
	
	/**
	 * Heading field in *ImageWithText → Image right → Primary*
	 *
	 * - **Field Type**: Text
	 * - **Placeholder**: *None*
	 * - **API ID Path**: image_with_text.imageRight.primary.heading
	 * - **Documentation**: https://prismic.io/docs/fields/text
	 */
	heading: prismic.KeyTextField;
	
	/**
	 * Content field in *ImageWithText → Image right → Primary*
	 *
	 * - **Field Type**: Rich Text
	 * - **Placeholder**: *None*
	 * - **API ID Path**: image_with_text.imageRight.primary.content
	 * - **Documentation**: https://prismic.io/docs/fields/rich-text
	 */
	content: prismic.RichTextField;
	
	/**
	 * CTA label field in *ImageWithText → Image right → Primary*
	 *
	 * - **Field Type**: Text
	 * - **Placeholder**: *None*
	 * - **API ID Path**: image_with_text.imageRight.primary.cta_label
	 * - **Documentation**: https://prismic.io/docs/fields/text
	 */
	cta_label: prismic.KeyTextField;
	
	/**
	 * CTA link field in *ImageWithText → Image right → Primary*
	 *
	 * - **Field Type**: Link
	 * - **Placeholder**: *None*
	 * - **API ID Path**: image_with_text.imageRight.primary.cta_link
	 * - **Documentation**: https://prismic.io/docs/fields/link
	 */
	cta_link: prismic.LinkField<string, string, unknown, prismic.FieldState, never>;
}

/**
 * Image right variation for ImageWithText Slice
 *
 * - **API ID**: `imageRight`
 * - **Description**: The image on the right of the copy.
 * - **Documentation**: https://prismic.io/docs/slices
 */
export type ImageWithTextSliceImageRight = prismic.SharedSliceVariation<"imageRight", Simplify<ImageWithTextSliceImageRightPrimary>, never>;

/**
 * Slice variation for *ImageWithText*
 */
type ImageWithTextSliceVariation = ImageWithTextSliceImageLeft | ImageWithTextSliceImageRight

/**
 * ImageWithText Shared Slice
 *
 * - **API ID**: `image_with_text`
 * - **Description**: An image beside a heading, copy and a call to action; stacked on mobile.
 * - **Documentation**: https://prismic.io/docs/slices
 */
export type ImageWithTextSlice = prismic.SharedSlice<"image_with_text", ImageWithTextSliceVariation>;

/**
 * Primary content in *KlaviyoForm → Default → Primary*
 */
export interface KlaviyoFormSliceDefaultPrimary {
	/**
	 * Heading field in *KlaviyoForm → Default → Primary*
	 *
	 * - **Field Type**: Text
	 * - **Placeholder**: Start with a conversation
	 * - **API ID Path**: klaviyo_form.default.primary.heading
	 * - **Documentation**: https://prismic.io/docs/fields/text
	 */
	heading: prismic.KeyTextField;
	
	/**
	 * Intro field in *KlaviyoForm → Default → Primary*
	 *
	 * - **Field Type**: Rich Text
	 * - **Placeholder**: *None*
	 * - **API ID Path**: klaviyo_form.default.primary.intro
	 * - **Documentation**: https://prismic.io/docs/fields/rich-text
	 */
	intro: prismic.RichTextField;
	
	/**
	 * Klaviyo form id (letters and digits, such as RkTq8v) field in *KlaviyoForm → Default → Primary*
	 *
	 * - **Field Type**: Text
	 * - **Placeholder**: RkTq8v
	 * - **API ID Path**: klaviyo_form.default.primary.form_id
	 * - **Documentation**: https://prismic.io/docs/fields/text
	 */
	form_id: prismic.KeyTextField;
	
	/**
	 * Our own form, shown in its place field in *KlaviyoForm → Default → Primary*
	 *
	 * - **Field Type**: Select
	 * - **Placeholder**: Quote
	 * - **Default Value**: Quote
	 * - **API ID Path**: klaviyo_form.default.primary.fallback
	 * - **Documentation**: https://prismic.io/docs/fields/select
	 */
	fallback: prismic.SelectField<"Showroom visit" | "Video consultation" | "Samples" | "Quote", "filled">;
	
	/**
	 * Anchor (the id in-page links use, such as signup-form) field in *KlaviyoForm → Default → Primary*
	 *
	 * - **Field Type**: Text
	 * - **Placeholder**: signup-form
	 * - **API ID Path**: klaviyo_form.default.primary.anchor
	 * - **Documentation**: https://prismic.io/docs/fields/text
	 */
	anchor: prismic.KeyTextField;
}

/**
 * Default variation for KlaviyoForm Slice
 *
 * - **API ID**: `default`
 * - **Description**: Klaviyo's embedded form, the site's request form as the fallback.
 * - **Documentation**: https://prismic.io/docs/slices
 */
export type KlaviyoFormSliceDefault = prismic.SharedSliceVariation<"default", Simplify<KlaviyoFormSliceDefaultPrimary>, never>;

/**
 * Slice variation for *KlaviyoForm*
 */
type KlaviyoFormSliceVariation = KlaviyoFormSliceDefault

/**
 * KlaviyoForm Shared Slice
 *
 * - **API ID**: `klaviyo_form`
 * - **Description**: A Klaviyo sign-up form, by its form id, with one of the site's own request forms in its place until Klaviyo draws it (and wherever it does not: not configured, refused, blocked or slow).
 * - **Documentation**: https://prismic.io/docs/slices
 */
export type KlaviyoFormSlice = prismic.SharedSlice<"klaviyo_form", KlaviyoFormSliceVariation>;

/**
 * Primary content in *PrivacyPolicy → Default → Primary*
 */
export interface PrivacyPolicySliceDefaultPrimary {
	/**
	 * Policy id (the generator's id of this policy; letters, digits, - _) field in *PrivacyPolicy → Default → Primary*
	 *
	 * - **Field Type**: Text
	 * - **Placeholder**: a1b2c3d4
	 * - **API ID Path**: privacy_policy.default.primary.policy_id
	 * - **Documentation**: https://prismic.io/docs/fields/text
	 */
	policy_id: prismic.KeyTextField;
	
	/**
	 * Fallback link label (shown where the generator is not configured) field in *PrivacyPolicy → Default → Primary*
	 *
	 * - **Field Type**: Text
	 * - **Placeholder**: Read our privacy policy
	 * - **API ID Path**: privacy_policy.default.primary.fallback_label
	 * - **Documentation**: https://prismic.io/docs/fields/text
	 */
	fallback_label: prismic.KeyTextField;
	
	/**
	 * Fallback link field in *PrivacyPolicy → Default → Primary*
	 *
	 * - **Field Type**: Link
	 * - **Placeholder**: *None*
	 * - **API ID Path**: privacy_policy.default.primary.fallback_link
	 * - **Documentation**: https://prismic.io/docs/fields/link
	 */
	fallback_link: prismic.LinkField<string, string, unknown, prismic.FieldState, never>;
}

/**
 * Default variation for PrivacyPolicy Slice
 *
 * - **API ID**: `default`
 * - **Description**: The generated policy, in the page's reading measure; a link where the generator is not configured.
 * - **Documentation**: https://prismic.io/docs/slices
 */
export type PrivacyPolicySliceDefault = prismic.SharedSliceVariation<"default", Simplify<PrivacyPolicySliceDefaultPrimary>, never>;

/**
 * Slice variation for *PrivacyPolicy*
 */
type PrivacyPolicySliceVariation = PrivacyPolicySliceDefault

/**
 * PrivacyPolicy Shared Slice
 *
 * - **API ID**: `privacy_policy`
 * - **Description**: The privacy policy from the policy generator (PRIVACY_POLICY_SCRIPT_SRC), embedded into the page by its script.
 * - **Documentation**: https://prismic.io/docs/slices
 */
export type PrivacyPolicySlice = prismic.SharedSlice<"privacy_policy", PrivacyPolicySliceVariation>;

/**
 * Primary content in *ProductCards → Default → Primary*
 */
export interface ProductCardsSliceDefaultPrimary {
	/**
	 * Heading field in *ProductCards → Default → Primary*
	 *
	 * - **Field Type**: Text
	 * - **Placeholder**: *None*
	 * - **API ID Path**: product_cards.default.primary.heading
	 * - **Documentation**: https://prismic.io/docs/fields/text
	 */
	heading: prismic.KeyTextField;
	
	/**
	 * Intro field in *ProductCards → Default → Primary*
	 *
	 * - **Field Type**: Rich Text
	 * - **Placeholder**: *None*
	 * - **API ID Path**: product_cards.default.primary.intro
	 * - **Documentation**: https://prismic.io/docs/fields/rich-text
	 */
	intro: prismic.RichTextField;
}

/**
 * Primary content in *ProductCards → Items*
 */
export interface ProductCardsSliceDefaultItem {
	/**
	 * Image field in *ProductCards → Items*
	 *
	 * - **Field Type**: Image
	 * - **Placeholder**: *None*
	 * - **API ID Path**: product_cards.items[].image
	 * - **Documentation**: https://prismic.io/docs/fields/image
	 */
	image: prismic.ImageField<never>;
	
	/**
	 * Title field in *ProductCards → Items*
	 *
	 * - **Field Type**: Text
	 * - **Placeholder**: *None*
	 * - **API ID Path**: product_cards.items[].title
	 * - **Documentation**: https://prismic.io/docs/fields/text
	 */
	title: prismic.KeyTextField;
	
	/**
	 * Text field in *ProductCards → Items*
	 *
	 * - **Field Type**: Text
	 * - **Placeholder**: *None*
	 * - **API ID Path**: product_cards.items[].text
	 * - **Documentation**: https://prismic.io/docs/fields/text
	 */
	text: prismic.KeyTextField;
	
	/**
	 * Link field in *ProductCards → Items*
	 *
	 * - **Field Type**: Link
	 * - **Placeholder**: *None*
	 * - **API ID Path**: product_cards.items[].link
	 * - **Documentation**: https://prismic.io/docs/fields/link
	 */
	link: prismic.LinkField<string, string, unknown, prismic.FieldState, never>;
	
	/**
	 * Link label field in *ProductCards → Items*
	 *
	 * - **Field Type**: Text
	 * - **Placeholder**: Explore the range
	 * - **API ID Path**: product_cards.items[].link_label
	 * - **Documentation**: https://prismic.io/docs/fields/text
	 */
	link_label: prismic.KeyTextField;
}

/**
 * Default variation for ProductCards Slice
 *
 * - **API ID**: `default`
 * - **Description**: Heading, intro and a row of cards.
 * - **Documentation**: https://prismic.io/docs/slices
 */
export type ProductCardsSliceDefault = prismic.SharedSliceVariation<"default", Simplify<ProductCardsSliceDefaultPrimary>, Simplify<ProductCardsSliceDefaultItem>>;

/**
 * Slice variation for *ProductCards*
 */
type ProductCardsSliceVariation = ProductCardsSliceDefault

/**
 * ProductCards Shared Slice
 *
 * - **API ID**: `product_cards`
 * - **Description**: Cards leading to ranges or pages: image, title, text and a link each.
 * - **Documentation**: https://prismic.io/docs/slices
 */
export type ProductCardsSlice = prismic.SharedSlice<"product_cards", ProductCardsSliceVariation>;

/**
 * Primary content in *ProjectFacts → Facts → Primary*
 */
export interface ProjectFactsSliceFactsPrimary {
	/**
	 * Heading field in *ProjectFacts → Facts → Primary*
	 *
	 * - **Field Type**: Text
	 * - **Placeholder**: Project details
	 * - **API ID Path**: project_facts.facts.primary.heading
	 * - **Documentation**: https://prismic.io/docs/fields/text
	 */
	heading: prismic.KeyTextField;
}

/**
 * Primary content in *ProjectFacts → Items*
 */
export interface ProjectFactsSliceFactsItem {
	/**
	 * Label field in *ProjectFacts → Items*
	 *
	 * - **Field Type**: Text
	 * - **Placeholder**: Location
	 * - **API ID Path**: project_facts.items[].label
	 * - **Documentation**: https://prismic.io/docs/fields/text
	 */
	label: prismic.KeyTextField;
	
	/**
	 * Value field in *ProjectFacts → Items*
	 *
	 * - **Field Type**: Text
	 * - **Placeholder**: Hampstead, London
	 * - **API ID Path**: project_facts.items[].value
	 * - **Documentation**: https://prismic.io/docs/fields/text
	 */
	value: prismic.KeyTextField;
}

/**
 * Facts variation for ProjectFacts Slice
 *
 * - **API ID**: `facts`
 * - **Description**: A definition list: Location, Completed, Style, Timber, Worktop, Lead time...
 * - **Documentation**: https://prismic.io/docs/slices
 */
export type ProjectFactsSliceFacts = prismic.SharedSliceVariation<"facts", Simplify<ProjectFactsSliceFactsPrimary>, Simplify<ProjectFactsSliceFactsItem>>;

/**
 * Primary content in *ProjectFacts → Before and after → Primary*
 */
export interface ProjectFactsSliceBeforeAfterPrimary {
	/**
	 * Heading field in *ProjectFacts → Before and after → Primary*
	 *
	 * - **Field Type**: Text
	 * - **Placeholder**: Before and after
	 * - **API ID Path**: project_facts.beforeAfter.primary.heading
	 * - **Documentation**: https://prismic.io/docs/fields/text
	 */
	heading: prismic.KeyTextField;
	
	/**
	 * Before image field in *ProjectFacts → Before and after → Primary*
	 *
	 * - **Field Type**: Image
	 * - **Placeholder**: *None*
	 * - **API ID Path**: project_facts.beforeAfter.primary.before_image
	 * - **Documentation**: https://prismic.io/docs/fields/image
	 */
	before_image: prismic.ImageField<never>;
	
	/**
	 * After image field in *ProjectFacts → Before and after → Primary*
	 *
	 * - **Field Type**: Image
	 * - **Placeholder**: *None*
	 * - **API ID Path**: project_facts.beforeAfter.primary.after_image
	 * - **Documentation**: https://prismic.io/docs/fields/image
	 */
	after_image: prismic.ImageField<never>;
	
	/**
	 * Before label field in *ProjectFacts → Before and after → Primary*
	 *
	 * - **Field Type**: Text
	 * - **Placeholder**: Before
	 * - **API ID Path**: project_facts.beforeAfter.primary.before_label
	 * - **Documentation**: https://prismic.io/docs/fields/text
	 */
	before_label: prismic.KeyTextField;
	
	/**
	 * After label field in *ProjectFacts → Before and after → Primary*
	 *
	 * - **Field Type**: Text
	 * - **Placeholder**: After
	 * - **API ID Path**: project_facts.beforeAfter.primary.after_label
	 * - **Documentation**: https://prismic.io/docs/fields/text
	 */
	after_label: prismic.KeyTextField;
	
	/**
	 * Caption field in *ProjectFacts → Before and after → Primary*
	 *
	 * - **Field Type**: Text
	 * - **Placeholder**: *None*
	 * - **API ID Path**: project_facts.beforeAfter.primary.caption
	 * - **Documentation**: https://prismic.io/docs/fields/text
	 */
	caption: prismic.KeyTextField;
}

/**
 * Before and after variation for ProjectFacts Slice
 *
 * - **API ID**: `beforeAfter`
 * - **Description**: Two images compared: side by side (stacked on phones), a slider once the page is interactive.
 * - **Documentation**: https://prismic.io/docs/slices
 */
export type ProjectFactsSliceBeforeAfter = prismic.SharedSliceVariation<"beforeAfter", Simplify<ProjectFactsSliceBeforeAfterPrimary>, never>;

/**
 * Slice variation for *ProjectFacts*
 */
type ProjectFactsSliceVariation = ProjectFactsSliceFacts | ProjectFactsSliceBeforeAfter

/**
 * ProjectFacts Shared Slice
 *
 * - **API ID**: `project_facts`
 * - **Description**: The facts of a project, or a before/after comparison.
 * - **Documentation**: https://prismic.io/docs/slices
 */
export type ProjectFactsSlice = prismic.SharedSlice<"project_facts", ProjectFactsSliceVariation>;

/**
 * Primary content in *RequestForm → Showroom visit → Primary*
 */
export interface RequestFormSliceVisitPrimary {
	/**
	 * Heading field in *RequestForm → Showroom visit → Primary*
	 *
	 * - **Field Type**: Text
	 * - **Placeholder**: Book your visit
	 * - **API ID Path**: request_form.visit.primary.heading
	 * - **Documentation**: https://prismic.io/docs/fields/text
	 */
	heading: prismic.KeyTextField;
	
	/**
	 * Intro field in *RequestForm → Showroom visit → Primary*
	 *
	 * - **Field Type**: Rich Text
	 * - **Placeholder**: *None*
	 * - **API ID Path**: request_form.visit.primary.intro
	 * - **Documentation**: https://prismic.io/docs/fields/rich-text
	 */
	intro: prismic.RichTextField;
	
	/**
	 * Button label field in *RequestForm → Showroom visit → Primary*
	 *
	 * - **Field Type**: Text
	 * - **Placeholder**: Request my visit
	 * - **API ID Path**: request_form.visit.primary.submit_label
	 * - **Documentation**: https://prismic.io/docs/fields/text
	 */
	submit_label: prismic.KeyTextField;
	
	/**
	 * Anchor (the id in-page links use, such as booking-form) field in *RequestForm → Showroom visit → Primary*
	 *
	 * - **Field Type**: Text
	 * - **Placeholder**: request-form
	 * - **API ID Path**: request_form.visit.primary.anchor
	 * - **Documentation**: https://prismic.io/docs/fields/text
	 */
	anchor: prismic.KeyTextField;
}

/**
 * Showroom visit variation for RequestForm Slice
 *
 * - **API ID**: `visit`
 * - **Description**: Book a showroom visit: showroom, preferred days and time of day (gb).
 * - **Documentation**: https://prismic.io/docs/slices
 */
export type RequestFormSliceVisit = prismic.SharedSliceVariation<"visit", Simplify<RequestFormSliceVisitPrimary>, never>;

/**
 * Primary content in *RequestForm → Video consultation → Primary*
 */
export interface RequestFormSliceConsultationPrimary {
	/**
	 * Heading field in *RequestForm → Video consultation → Primary*
	 *
	 * - **Field Type**: Text
	 * - **Placeholder**: Book a video consultation
	 * - **API ID Path**: request_form.consultation.primary.heading
	 * - **Documentation**: https://prismic.io/docs/fields/text
	 */
	heading: prismic.KeyTextField;
	
	/**
	 * Intro field in *RequestForm → Video consultation → Primary*
	 *
	 * - **Field Type**: Rich Text
	 * - **Placeholder**: *None*
	 * - **API ID Path**: request_form.consultation.primary.intro
	 * - **Documentation**: https://prismic.io/docs/fields/rich-text
	 */
	intro: prismic.RichTextField;
	
	/**
	 * Button label field in *RequestForm → Video consultation → Primary*
	 *
	 * - **Field Type**: Text
	 * - **Placeholder**: Request my consultation
	 * - **API ID Path**: request_form.consultation.primary.submit_label
	 * - **Documentation**: https://prismic.io/docs/fields/text
	 */
	submit_label: prismic.KeyTextField;
	
	/**
	 * Anchor (the id in-page links use, such as booking-form) field in *RequestForm → Video consultation → Primary*
	 *
	 * - **Field Type**: Text
	 * - **Placeholder**: request-form
	 * - **API ID Path**: request_form.consultation.primary.anchor
	 * - **Documentation**: https://prismic.io/docs/fields/text
	 */
	anchor: prismic.KeyTextField;
}

/**
 * Video consultation variation for RequestForm Slice
 *
 * - **API ID**: `consultation`
 * - **Description**: Book a video consultation: preferred days and time of day (us).
 * - **Documentation**: https://prismic.io/docs/slices
 */
export type RequestFormSliceConsultation = prismic.SharedSliceVariation<"consultation", Simplify<RequestFormSliceConsultationPrimary>, never>;

/**
 * Primary content in *RequestForm → Samples → Primary*
 */
export interface RequestFormSliceSamplesPrimary {
	/**
	 * Heading field in *RequestForm → Samples → Primary*
	 *
	 * - **Field Type**: Text
	 * - **Placeholder**: Order your free samples
	 * - **API ID Path**: request_form.samples.primary.heading
	 * - **Documentation**: https://prismic.io/docs/fields/text
	 */
	heading: prismic.KeyTextField;
	
	/**
	 * Intro field in *RequestForm → Samples → Primary*
	 *
	 * - **Field Type**: Rich Text
	 * - **Placeholder**: *None*
	 * - **API ID Path**: request_form.samples.primary.intro
	 * - **Documentation**: https://prismic.io/docs/fields/rich-text
	 */
	intro: prismic.RichTextField;
	
	/**
	 * Button label field in *RequestForm → Samples → Primary*
	 *
	 * - **Field Type**: Text
	 * - **Placeholder**: Send my samples
	 * - **API ID Path**: request_form.samples.primary.submit_label
	 * - **Documentation**: https://prismic.io/docs/fields/text
	 */
	submit_label: prismic.KeyTextField;
	
	/**
	 * Anchor (the id in-page links use, such as booking-form) field in *RequestForm → Samples → Primary*
	 *
	 * - **Field Type**: Text
	 * - **Placeholder**: request-form
	 * - **API ID Path**: request_form.samples.primary.anchor
	 * - **Documentation**: https://prismic.io/docs/fields/text
	 */
	anchor: prismic.KeyTextField;
}

/**
 * Samples variation for RequestForm Slice
 *
 * - **API ID**: `samples`
 * - **Description**: Order up to five free samples, chosen on the swatches of the samples page, posted to an address.
 * - **Documentation**: https://prismic.io/docs/slices
 */
export type RequestFormSliceSamples = prismic.SharedSliceVariation<"samples", Simplify<RequestFormSliceSamplesPrimary>, never>;

/**
 * Primary content in *RequestForm → Quote → Primary*
 */
export interface RequestFormSliceQuotePrimary {
	/**
	 * Heading field in *RequestForm → Quote → Primary*
	 *
	 * - **Field Type**: Text
	 * - **Placeholder**: Request a quote
	 * - **API ID Path**: request_form.quote.primary.heading
	 * - **Documentation**: https://prismic.io/docs/fields/text
	 */
	heading: prismic.KeyTextField;
	
	/**
	 * Intro field in *RequestForm → Quote → Primary*
	 *
	 * - **Field Type**: Rich Text
	 * - **Placeholder**: *None*
	 * - **API ID Path**: request_form.quote.primary.intro
	 * - **Documentation**: https://prismic.io/docs/fields/rich-text
	 */
	intro: prismic.RichTextField;
	
	/**
	 * Button label field in *RequestForm → Quote → Primary*
	 *
	 * - **Field Type**: Text
	 * - **Placeholder**: Request my quote
	 * - **API ID Path**: request_form.quote.primary.submit_label
	 * - **Documentation**: https://prismic.io/docs/fields/text
	 */
	submit_label: prismic.KeyTextField;
	
	/**
	 * Anchor (the id in-page links use, such as booking-form) field in *RequestForm → Quote → Primary*
	 *
	 * - **Field Type**: Text
	 * - **Placeholder**: request-form
	 * - **API ID Path**: request_form.quote.primary.anchor
	 * - **Documentation**: https://prismic.io/docs/fields/text
	 */
	anchor: prismic.KeyTextField;
}

/**
 * Quote variation for RequestForm Slice
 *
 * - **API ID**: `quote`
 * - **Description**: Request a quote: room, rough size, budget and timeframe.
 * - **Documentation**: https://prismic.io/docs/slices
 */
export type RequestFormSliceQuote = prismic.SharedSliceVariation<"quote", Simplify<RequestFormSliceQuotePrimary>, never>;

/**
 * Slice variation for *RequestForm*
 */
type RequestFormSliceVariation = RequestFormSliceVisit | RequestFormSliceConsultation | RequestFormSliceSamples | RequestFormSliceQuote

/**
 * RequestForm Shared Slice
 *
 * - **API ID**: `request_form`
 * - **Description**: A first-party request form: a showroom visit, a video consultation, free samples or a quote. The fields and their rules are the site's; the heading, intro and button words are yours.
 * - **Documentation**: https://prismic.io/docs/slices
 */
export type RequestFormSlice = prismic.SharedSlice<"request_form", RequestFormSliceVariation>;

/**
 * Primary content in *Reviews → Default → Primary*
 */
export interface ReviewsSliceDefaultPrimary {
	/**
	 * Heading field in *Reviews → Default → Primary*
	 *
	 * - **Field Type**: Text
	 * - **Placeholder**: What our clients say
	 * - **API ID Path**: reviews.default.primary.heading
	 * - **Documentation**: https://prismic.io/docs/fields/text
	 */
	heading: prismic.KeyTextField;
	
	/**
	 * Intro field in *Reviews → Default → Primary*
	 *
	 * - **Field Type**: Rich Text
	 * - **Placeholder**: *None*
	 * - **API ID Path**: reviews.default.primary.intro
	 * - **Documentation**: https://prismic.io/docs/fields/rich-text
	 */
	intro: prismic.RichTextField;
	
	/**
	 * Fallback link label (shown where the widget is not configured) field in *Reviews → Default → Primary*
	 *
	 * - **Field Type**: Text
	 * - **Placeholder**: Read our reviews
	 * - **API ID Path**: reviews.default.primary.fallback_label
	 * - **Documentation**: https://prismic.io/docs/fields/text
	 */
	fallback_label: prismic.KeyTextField;
	
	/**
	 * Fallback link field in *Reviews → Default → Primary*
	 *
	 * - **Field Type**: Link
	 * - **Placeholder**: *None*
	 * - **API ID Path**: reviews.default.primary.fallback_link
	 * - **Documentation**: https://prismic.io/docs/fields/link
	 */
	fallback_link: prismic.LinkField<string, string, unknown, prismic.FieldState, never>;
	
	/**
	 * Location id (optional: reviews of one showroom; letters, digits, - _ . :) field in *Reviews → Default → Primary*
	 *
	 * - **Field Type**: Text
	 * - **Placeholder**: bath-showroom
	 * - **API ID Path**: reviews.default.primary.location_id
	 * - **Documentation**: https://prismic.io/docs/fields/text
	 */
	location_id: prismic.KeyTextField;
}

/**
 * Default variation for Reviews Slice
 *
 * - **API ID**: `default`
 * - **Description**: Reviews of the company, or of one location when a location id is given.
 * - **Documentation**: https://prismic.io/docs/slices
 */
export type ReviewsSliceDefault = prismic.SharedSliceVariation<"default", Simplify<ReviewsSliceDefaultPrimary>, never>;

/**
 * Primary content in *Reviews → Product → Primary*
 */
export interface ReviewsSliceProductPrimary {
	/**
	 * Heading field in *Reviews → Product → Primary*
	 *
	 * - **Field Type**: Text
	 * - **Placeholder**: What our clients say
	 * - **API ID Path**: reviews.product.primary.heading
	 * - **Documentation**: https://prismic.io/docs/fields/text
	 */
	heading: prismic.KeyTextField;
	
	/**
	 * Intro field in *Reviews → Product → Primary*
	 *
	 * - **Field Type**: Rich Text
	 * - **Placeholder**: *None*
	 * - **API ID Path**: reviews.product.primary.intro
	 * - **Documentation**: https://prismic.io/docs/fields/rich-text
	 */
	intro: prismic.RichTextField;
	
	/**
	 * Fallback link label (shown where the widget is not configured) field in *Reviews → Product → Primary*
	 *
	 * - **Field Type**: Text
	 * - **Placeholder**: Read our reviews
	 * - **API ID Path**: reviews.product.primary.fallback_label
	 * - **Documentation**: https://prismic.io/docs/fields/text
	 */
	fallback_label: prismic.KeyTextField;
	
	/**
	 * Fallback link field in *Reviews → Product → Primary*
	 *
	 * - **Field Type**: Link
	 * - **Placeholder**: *None*
	 * - **API ID Path**: reviews.product.primary.fallback_link
	 * - **Documentation**: https://prismic.io/docs/fields/link
	 */
	fallback_link: prismic.LinkField<string, string, unknown, prismic.FieldState, never>;
	
	/**
	 * Product id (reviews of one product; letters, digits, - _ . :) field in *Reviews → Product → Primary*
	 *
	 * - **Field Type**: Text
	 * - **Placeholder**: shaker-kitchen
	 * - **API ID Path**: reviews.product.primary.product_id
	 * - **Documentation**: https://prismic.io/docs/fields/text
	 */
	product_id: prismic.KeyTextField;
}

/**
 * Product variation for Reviews Slice
 *
 * - **API ID**: `product`
 * - **Description**: Reviews of one product, named by its product id.
 * - **Documentation**: https://prismic.io/docs/slices
 */
export type ReviewsSliceProduct = prismic.SharedSliceVariation<"product", Simplify<ReviewsSliceProductPrimary>, never>;

/**
 * Slice variation for *Reviews*
 */
type ReviewsSliceVariation = ReviewsSliceDefault | ReviewsSliceProduct

/**
 * Reviews Shared Slice
 *
 * - **API ID**: `reviews`
 * - **Description**: The reviews widget (REVIEWS_WIDGET_SRC): reviews of the company, a showroom or one product, filled by the vendor's script.
 * - **Documentation**: https://prismic.io/docs/slices
 */
export type ReviewsSlice = prismic.SharedSlice<"reviews", ReviewsSliceVariation>;

/**
 * Primary content in *SampleSwatches → Default → Primary*
 */
export interface SampleSwatchesSliceDefaultPrimary {
	/**
	 * Heading field in *SampleSwatches → Default → Primary*
	 *
	 * - **Field Type**: Text
	 * - **Placeholder**: Timbers and finishes
	 * - **API ID Path**: sample_swatches.default.primary.heading
	 * - **Documentation**: https://prismic.io/docs/fields/text
	 */
	heading: prismic.KeyTextField;
	
	/**
	 * Intro field in *SampleSwatches → Default → Primary*
	 *
	 * - **Field Type**: Rich Text
	 * - **Placeholder**: *None*
	 * - **API ID Path**: sample_swatches.default.primary.intro
	 * - **Documentation**: https://prismic.io/docs/fields/rich-text
	 */
	intro: prismic.RichTextField;
	
	/**
	 * CTA label field in *SampleSwatches → Default → Primary*
	 *
	 * - **Field Type**: Text
	 * - **Placeholder**: Order free samples
	 * - **API ID Path**: sample_swatches.default.primary.cta_label
	 * - **Documentation**: https://prismic.io/docs/fields/text
	 */
	cta_label: prismic.KeyTextField;
	
	/**
	 * CTA link field in *SampleSwatches → Default → Primary*
	 *
	 * - **Field Type**: Link
	 * - **Placeholder**: *None*
	 * - **API ID Path**: sample_swatches.default.primary.cta_link
	 * - **Documentation**: https://prismic.io/docs/fields/link
	 */
	cta_link: prismic.LinkField<string, string, unknown, prismic.FieldState, never>;
}

/**
 * Primary content in *SampleSwatches → Items*
 */
export interface SampleSwatchesSliceDefaultItem {
	/**
	 * Name field in *SampleSwatches → Items*
	 *
	 * - **Field Type**: Text
	 * - **Placeholder**: Natural oak
	 * - **API ID Path**: sample_swatches.items[].name
	 * - **Documentation**: https://prismic.io/docs/fields/text
	 */
	name: prismic.KeyTextField;
	
	/**
	 * Material field in *SampleSwatches → Items*
	 *
	 * - **Field Type**: Text
	 * - **Placeholder**: European oak
	 * - **API ID Path**: sample_swatches.items[].material
	 * - **Documentation**: https://prismic.io/docs/fields/text
	 */
	material: prismic.KeyTextField;
	
	/**
	 * Finish field in *SampleSwatches → Items*
	 *
	 * - **Field Type**: Text
	 * - **Placeholder**: Hard-wax oil
	 * - **API ID Path**: sample_swatches.items[].finish
	 * - **Documentation**: https://prismic.io/docs/fields/text
	 */
	finish: prismic.KeyTextField;
	
	/**
	 * Colour (hex, used when there is no image) field in *SampleSwatches → Items*
	 *
	 * - **Field Type**: Text
	 * - **Placeholder**: #c8a97e
	 * - **API ID Path**: sample_swatches.items[].colour
	 * - **Documentation**: https://prismic.io/docs/fields/text
	 */
	colour: prismic.KeyTextField;
	
	/**
	 * Image (square; drawn at up to 280 px, so 840 x 840 covers 3x screens) field in *SampleSwatches → Items*
	 *
	 * - **Field Type**: Image
	 * - **Placeholder**: *None*
	 * - **API ID Path**: sample_swatches.items[].image
	 * - **Documentation**: https://prismic.io/docs/fields/image
	 */
	image: prismic.ImageField<never>;
}

/**
 * Default variation for SampleSwatches Slice
 *
 * - **API ID**: `default`
 * - **Description**: Heading, intro, CTA and the swatches.
 * - **Documentation**: https://prismic.io/docs/slices
 */
export type SampleSwatchesSliceDefault = prismic.SharedSliceVariation<"default", Simplify<SampleSwatchesSliceDefaultPrimary>, Simplify<SampleSwatchesSliceDefaultItem>>;

/**
 * Slice variation for *SampleSwatches*
 */
type SampleSwatchesSliceVariation = SampleSwatchesSliceDefault

/**
 * SampleSwatches Shared Slice
 *
 * - **API ID**: `sample_swatches`
 * - **Description**: A grid of material samples (photo, or a colour chip when there is none) with a call to order them.
 * - **Documentation**: https://prismic.io/docs/slices
 */
export type SampleSwatchesSlice = prismic.SharedSlice<"sample_swatches", SampleSwatchesSliceVariation>;

/**
 * Primary content in *Steps → Default → Primary*
 */
export interface StepsSliceDefaultPrimary {
	/**
	 * Heading field in *Steps → Default → Primary*
	 *
	 * - **Field Type**: Text
	 * - **Placeholder**: How we work
	 * - **API ID Path**: steps.default.primary.heading
	 * - **Documentation**: https://prismic.io/docs/fields/text
	 */
	heading: prismic.KeyTextField;
	
	/**
	 * Intro field in *Steps → Default → Primary*
	 *
	 * - **Field Type**: Rich Text
	 * - **Placeholder**: *None*
	 * - **API ID Path**: steps.default.primary.intro
	 * - **Documentation**: https://prismic.io/docs/fields/rich-text
	 */
	intro: prismic.RichTextField;
}

/**
 * Primary content in *Steps → Items*
 */
export interface StepsSliceDefaultItem {
	/**
	 * Title field in *Steps → Items*
	 *
	 * - **Field Type**: Text
	 * - **Placeholder**: Design consultation
	 * - **API ID Path**: steps.items[].title
	 * - **Documentation**: https://prismic.io/docs/fields/text
	 */
	title: prismic.KeyTextField;
	
	/**
	 * Text field in *Steps → Items*
	 *
	 * - **Field Type**: Rich Text
	 * - **Placeholder**: *None*
	 * - **API ID Path**: steps.items[].text
	 * - **Documentation**: https://prismic.io/docs/fields/rich-text
	 */
	text: prismic.RichTextField;
}

/**
 * Default variation for Steps Slice
 *
 * - **API ID**: `default`
 * - **Description**: Heading, intro and the steps in order.
 * - **Documentation**: https://prismic.io/docs/slices
 */
export type StepsSliceDefault = prismic.SharedSliceVariation<"default", Simplify<StepsSliceDefaultPrimary>, Simplify<StepsSliceDefaultItem>>;

/**
 * Slice variation for *Steps*
 */
type StepsSliceVariation = StepsSliceDefault

/**
 * Steps Shared Slice
 *
 * - **API ID**: `steps`
 * - **Description**: A numbered process: horizontal on large screens, vertical below.
 * - **Documentation**: https://prismic.io/docs/slices
 */
export type StepsSlice = prismic.SharedSlice<"steps", StepsSliceVariation>;

/**
 * Primary content in *Testimonial → Default → Primary*
 */
export interface TestimonialSliceDefaultPrimary {
	/**
	 * Quote field in *Testimonial → Default → Primary*
	 *
	 * - **Field Type**: Rich Text
	 * - **Placeholder**: *None*
	 * - **API ID Path**: testimonial.default.primary.quote
	 * - **Documentation**: https://prismic.io/docs/fields/rich-text
	 */
	quote: prismic.RichTextField;
	
	/**
	 * Author field in *Testimonial → Default → Primary*
	 *
	 * - **Field Type**: Text
	 * - **Placeholder**: Sarah and Tom Whitfield
	 * - **API ID Path**: testimonial.default.primary.author
	 * - **Documentation**: https://prismic.io/docs/fields/text
	 */
	author: prismic.KeyTextField;
	
	/**
	 * Location field in *Testimonial → Default → Primary*
	 *
	 * - **Field Type**: Text
	 * - **Placeholder**: Bath
	 * - **API ID Path**: testimonial.default.primary.location
	 * - **Documentation**: https://prismic.io/docs/fields/text
	 */
	location: prismic.KeyTextField;
	
	/**
	 * Image (optional portrait) field in *Testimonial → Default → Primary*
	 *
	 * - **Field Type**: Image
	 * - **Placeholder**: *None*
	 * - **API ID Path**: testimonial.default.primary.image
	 * - **Documentation**: https://prismic.io/docs/fields/image
	 */
	image: prismic.ImageField<never>;
}

/**
 * Default variation for Testimonial Slice
 *
 * - **API ID**: `default`
 * - **Description**: A large centred quote on pink; a portrait, when given, is a small round picture beside the name.
 * - **Documentation**: https://prismic.io/docs/slices
 */
export type TestimonialSliceDefault = prismic.SharedSliceVariation<"default", Simplify<TestimonialSliceDefaultPrimary>, never>;

/**
 * Primary content in *Testimonial → With image → Primary*
 */
export interface TestimonialSliceWithImagePrimary {
	/**
	 * Quote field in *Testimonial → With image → Primary*
	 *
	 * - **Field Type**: Rich Text
	 * - **Placeholder**: *None*
	 * - **API ID Path**: testimonial.withImage.primary.quote
	 * - **Documentation**: https://prismic.io/docs/fields/rich-text
	 */
	quote: prismic.RichTextField;
	
	/**
	 * Author field in *Testimonial → With image → Primary*
	 *
	 * - **Field Type**: Text
	 * - **Placeholder**: Sarah and Tom Whitfield
	 * - **API ID Path**: testimonial.withImage.primary.author
	 * - **Documentation**: https://prismic.io/docs/fields/text
	 */
	author: prismic.KeyTextField;
	
	/**
	 * Location field in *Testimonial → With image → Primary*
	 *
	 * - **Field Type**: Text
	 * - **Placeholder**: Bath
	 * - **API ID Path**: testimonial.withImage.primary.location
	 * - **Documentation**: https://prismic.io/docs/fields/text
	 */
	location: prismic.KeyTextField;
	
	/**
	 * Image (optional portrait) field in *Testimonial → With image → Primary*
	 *
	 * - **Field Type**: Image
	 * - **Placeholder**: *None*
	 * - **API ID Path**: testimonial.withImage.primary.image
	 * - **Documentation**: https://prismic.io/docs/fields/image
	 */
	image: prismic.ImageField<never>;
}

/**
 * With image variation for Testimonial Slice
 *
 * - **API ID**: `withImage`
 * - **Description**: The image beside the quote.
 * - **Documentation**: https://prismic.io/docs/slices
 */
export type TestimonialSliceWithImage = prismic.SharedSliceVariation<"withImage", Simplify<TestimonialSliceWithImagePrimary>, never>;

/**
 * Slice variation for *Testimonial*
 */
type TestimonialSliceVariation = TestimonialSliceDefault | TestimonialSliceWithImage

/**
 * Testimonial Shared Slice
 *
 * - **API ID**: `testimonial`
 * - **Description**: A client's words, with who said them.
 * - **Documentation**: https://prismic.io/docs/slices
 */
export type TestimonialSlice = prismic.SharedSlice<"testimonial", TestimonialSliceVariation>;

/**
 * Primary content in *TextBlock → Default → Primary*
 */
export interface TextBlockSliceDefaultPrimary {
	/**
	 * Content field in *TextBlock → Default → Primary*
	 *
	 * - **Field Type**: Rich Text
	 * - **Placeholder**: *None*
	 * - **API ID Path**: text_block.default.primary.content
	 * - **Documentation**: https://prismic.io/docs/fields/rich-text
	 */
	content: prismic.RichTextField;
}

/**
 * Default variation for TextBlock Slice
 *
 * - **API ID**: `default`
 * - **Description**: Copy set in a comfortable reading measure.
 * - **Documentation**: https://prismic.io/docs/slices
 */
export type TextBlockSliceDefault = prismic.SharedSliceVariation<"default", Simplify<TextBlockSliceDefaultPrimary>, never>;

/**
 * Primary content in *TextBlock → Two columns → Primary*
 */
export interface TextBlockSliceTwoColumnPrimary {
	/**
	 * Heading field in *TextBlock → Two columns → Primary*
	 *
	 * - **Field Type**: Text
	 * - **Placeholder**: Designed around the way you cook
	 * - **API ID Path**: text_block.twoColumn.primary.heading
	 * - **Documentation**: https://prismic.io/docs/fields/text
	 */
	heading: prismic.KeyTextField;
	
	/**
	 * Content field in *TextBlock → Two columns → Primary*
	 *
	 * - **Field Type**: Rich Text
	 * - **Placeholder**: *None*
	 * - **API ID Path**: text_block.twoColumn.primary.content
	 * - **Documentation**: https://prismic.io/docs/fields/rich-text
	 */
	content: prismic.RichTextField;
}

/**
 * Two columns variation for TextBlock Slice
 *
 * - **API ID**: `twoColumn`
 * - **Description**: A heading on the left and the copy on the right (from the md breakpoint).
 * - **Documentation**: https://prismic.io/docs/slices
 */
export type TextBlockSliceTwoColumn = prismic.SharedSliceVariation<"twoColumn", Simplify<TextBlockSliceTwoColumnPrimary>, never>;

/**
 * Slice variation for *TextBlock*
 */
type TextBlockSliceVariation = TextBlockSliceDefault | TextBlockSliceTwoColumn

/**
 * TextBlock Shared Slice
 *
 * - **API ID**: `text_block`
 * - **Description**: Long-form copy.
 * - **Documentation**: https://prismic.io/docs/slices
 */
export type TextBlockSlice = prismic.SharedSlice<"text_block", TextBlockSliceVariation>;

/**
 * Primary content in *VideoEmbed → Default → Primary*
 */
export interface VideoEmbedSliceDefaultPrimary {
	/**
	 * Video field in *VideoEmbed → Default → Primary*
	 *
	 * - **Field Type**: Embed
	 * - **Placeholder**: *None*
	 * - **API ID Path**: video_embed.default.primary.video
	 * - **Documentation**: https://prismic.io/docs/fields/embed
	 */
	video: prismic.EmbedField
	
	/**
	 * Caption field in *VideoEmbed → Default → Primary*
	 *
	 * - **Field Type**: Text
	 * - **Placeholder**: A morning in the Suffolk workshop
	 * - **API ID Path**: video_embed.default.primary.caption
	 * - **Documentation**: https://prismic.io/docs/fields/text
	 */
	caption: prismic.KeyTextField;
}

/**
 * Default variation for VideoEmbed Slice
 *
 * - **API ID**: `default`
 * - **Description**: Video (YouTube or Vimeo URL) and caption.
 * - **Documentation**: https://prismic.io/docs/slices
 */
export type VideoEmbedSliceDefault = prismic.SharedSliceVariation<"default", Simplify<VideoEmbedSliceDefaultPrimary>, never>;

/**
 * Slice variation for *VideoEmbed*
 */
type VideoEmbedSliceVariation = VideoEmbedSliceDefault

/**
 * VideoEmbed Shared Slice
 *
 * - **API ID**: `video_embed`
 * - **Description**: A wide 16:9 video behind a click-to-load facade: nothing is requested from the provider before play.
 * - **Documentation**: https://prismic.io/docs/slices
 */
export type VideoEmbedSlice = prismic.SharedSlice<"video_embed", VideoEmbedSliceVariation>;

declare module "@prismicio/client" {
	interface CreateClient {
		(repositoryNameOrEndpoint: string, options?: prismic.ClientConfig): prismic.Client<AllDocumentTypes>;
	}
	
	interface CreateWriteClient {
		(repositoryNameOrEndpoint: string, options: prismic.WriteClientConfig): prismic.WriteClient<AllDocumentTypes>;
	}
	
	interface CreateMigration {
		(): prismic.Migration<AllDocumentTypes>;
	}
	
	namespace Content {
		export type {
			ArticleDocument,
			ArticleDocumentData,
			ArticleDocumentDataSlicesSlice,
			GalleryProjectDocument,
			GalleryProjectDocumentData,
			GalleryProjectDocumentDataPhotosItem,
			GalleryProjectDocumentDataSlicesSlice,
			HomeDocument,
			HomeDocumentData,
			HomeDocumentDataSlicesSlice,
			NavigationDocument,
			NavigationDocumentData,
			NavigationDocumentDataBodyNavGroupSlicePrimary,
			NavigationDocumentDataBodyNavGroupSliceItem,
			NavigationDocumentDataBodySlice,
			PageDocument,
			PageDocumentData,
			PageDocumentDataSlicesSlice,
			SamplePageDocument,
			SamplePageDocumentData,
			SamplePageDocumentDataSwatchesItem,
			SamplePageDocumentDataSlicesSlice,
			TaxonomyDocument,
			TaxonomyDocumentData,
			TaxonomyDocumentDataItemItem,
			AllDocumentTypes,
			CtaBandSlice,
			CtaBandSliceNavyPrimary,
			CtaBandSlicePinkPrimary,
			CtaBandSliceVariation,
			CtaBandSliceNavy,
			CtaBandSlicePink,
			FaqSlice,
			FaqSliceDefaultPrimary,
			FaqSliceDefaultItem,
			FaqSliceVariation,
			FaqSliceDefault,
			FeatureGridSlice,
			FeatureGridSliceDefaultPrimary,
			FeatureGridSliceDefaultItem,
			FeatureGridSliceVariation,
			FeatureGridSliceDefault,
			HeroSlice,
			HeroSliceDefaultPrimary,
			HeroSliceWithVideoPrimary,
			HeroSliceVariation,
			HeroSliceDefault,
			HeroSliceWithVideo,
			ImageGallerySlice,
			ImageGallerySliceCarouselPrimary,
			ImageGallerySliceCarouselItem,
			ImageGallerySliceGridPrimary,
			ImageGallerySliceGridItem,
			ImageGallerySliceVariation,
			ImageGallerySliceCarousel,
			ImageGallerySliceGrid,
			ImageWithTextSlice,
			ImageWithTextSliceImageLeftPrimary,
			ImageWithTextSliceImageRightPrimary,
			ImageWithTextSliceVariation,
			ImageWithTextSliceImageLeft,
			ImageWithTextSliceImageRight,
			KlaviyoFormSlice,
			KlaviyoFormSliceDefaultPrimary,
			KlaviyoFormSliceVariation,
			KlaviyoFormSliceDefault,
			PrivacyPolicySlice,
			PrivacyPolicySliceDefaultPrimary,
			PrivacyPolicySliceVariation,
			PrivacyPolicySliceDefault,
			ProductCardsSlice,
			ProductCardsSliceDefaultPrimary,
			ProductCardsSliceDefaultItem,
			ProductCardsSliceVariation,
			ProductCardsSliceDefault,
			ProjectFactsSlice,
			ProjectFactsSliceFactsPrimary,
			ProjectFactsSliceFactsItem,
			ProjectFactsSliceBeforeAfterPrimary,
			ProjectFactsSliceVariation,
			ProjectFactsSliceFacts,
			ProjectFactsSliceBeforeAfter,
			RequestFormSlice,
			RequestFormSliceVisitPrimary,
			RequestFormSliceConsultationPrimary,
			RequestFormSliceSamplesPrimary,
			RequestFormSliceQuotePrimary,
			RequestFormSliceVariation,
			RequestFormSliceVisit,
			RequestFormSliceConsultation,
			RequestFormSliceSamples,
			RequestFormSliceQuote,
			ReviewsSlice,
			ReviewsSliceDefaultPrimary,
			ReviewsSliceProductPrimary,
			ReviewsSliceVariation,
			ReviewsSliceDefault,
			ReviewsSliceProduct,
			SampleSwatchesSlice,
			SampleSwatchesSliceDefaultPrimary,
			SampleSwatchesSliceDefaultItem,
			SampleSwatchesSliceVariation,
			SampleSwatchesSliceDefault,
			StepsSlice,
			StepsSliceDefaultPrimary,
			StepsSliceDefaultItem,
			StepsSliceVariation,
			StepsSliceDefault,
			TestimonialSlice,
			TestimonialSliceDefaultPrimary,
			TestimonialSliceWithImagePrimary,
			TestimonialSliceVariation,
			TestimonialSliceDefault,
			TestimonialSliceWithImage,
			TextBlockSlice,
			TextBlockSliceDefaultPrimary,
			TextBlockSliceTwoColumnPrimary,
			TextBlockSliceVariation,
			TextBlockSliceDefault,
			TextBlockSliceTwoColumn,
			VideoEmbedSlice,
			VideoEmbedSliceDefaultPrimary,
			VideoEmbedSliceVariation,
			VideoEmbedSliceDefault
		}
	}
}
