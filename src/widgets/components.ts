import { ArrayTable, FormItem, Input, NumberPicker, Password, TimePicker } from '@formily/antd-v5';
import { connect, mapProps } from '@formily/react';
import { Rate as AntRate, Slider as AntSlider } from 'antd';
import { DateField } from './date/DateField.tsx';
import { LayoutSteps } from './layout/LayoutSteps.tsx';
import { GridCol, GridRow, LayoutAlert, LayoutCard, LayoutDivider, LayoutTable, LayoutTd, LayoutText, LayoutTr, UnsupportedWidget } from './layout/components.tsx';
import { SourceCheckbox, SourceRadio, SourceSelect } from './options-source/components.tsx';
import { SwitchField } from './switch/SwitchField.tsx';
import { CascaderField } from './cascader/CascaderField.tsx';
import { DownloadField } from './download/DownloadField.tsx';
import { PcaField } from './pca/PcaField.tsx';
import { PermissionTreeField } from './permission-tree/PermissionTreeField.tsx';
import { SearchSelectField } from './select-search/SearchSelectField.tsx';
import { TreeSelectField } from './tree-select/TreeSelectField.tsx';
import { EditorField } from './editor/EditorField.tsx';
import { MarkdownField } from './markdown/MarkdownField.tsx';
import { UploadField } from './upload/UploadField.tsx';
import { DeptField } from './dept/DeptField.tsx';
import { UserField } from './user/UserField.tsx';
import { CategoryTreeField } from './category-tree/CategoryTreeField.tsx';
import { HtmlBlock } from './html/HtmlBlock.tsx';
import { FormButton } from './button/FormButton.tsx';
import { PopupField } from './popup/PopupField.tsx';
import { LinkDownField } from './link-down/LinkDownField.tsx';

/** The components a compiled form may name in x-component / x-decorator. */
export const formComponents = {
  FormItem,
  Input,
  Password,
  NumberPicker,
  TimePicker,
  ArrayTable,
  DateField,
  SourceSelect,
  SourceRadio,
  SourceCheckbox,
  SwitchField,
  Rate: connect(AntRate, mapProps({ readOnly: 'disabled' })),
  Slider: connect(AntSlider),
  GridRow,
  GridCol,
  LayoutCard,
  LayoutSteps,
  LayoutDivider,
  LayoutAlert,
  LayoutText,
  LayoutTable,
  LayoutTr,
  LayoutTd,
  UnsupportedWidget,
  UploadField,
  DownloadField,
  EditorField,
  MarkdownField,
  SearchSelectField,
  TreeSelectField,
  CascaderField,
  PcaField,
  DeptField,
  UserField,
  CategoryTreeField,
  HtmlBlock,
  FormButton,
  PermissionTreeField,
  PopupField,
  LinkDownField,
};
